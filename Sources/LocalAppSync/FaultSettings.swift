import Synchronization

/// Fault injection for demos and tests, changeable while the server runs (the in-process app
/// flips these from its own UI). Shared by every request, so it is a `Mutex`-protected box.
public final class FaultSettings: Sendable {
    /// A snapshot of the knobs.
    public struct Values: Sendable, Equatable {
        /// Added to every authorized GraphQL request over HTTP once its body is read, BEFORE the
        /// resolver runs. A client that gives up during the delay does not cancel its request:
        /// the server still runs it once the delay is over (and its answer goes nowhere), so a
        /// client timeout during latency is an unknown outcome, not "not applied".
        public var latency: Duration
        /// Up to this much more, uniformly at random, on top of `latency`.
        public var jitter: Duration
        /// The fraction (0...1) of mutations answered with an injected AppSync error.
        public var failRate: Double
        /// The fraction (0...1) of GraphQL HTTP requests whose connection is closed unanswered,
        /// before the request reaches the resolver: nothing is applied.
        public var dropRate: Double
        /// The fraction (0...1) of GraphQL mutations over HTTP whose answer is lost: the mutation
        /// runs to the end (a write is committed and its realtime event published; a refused one
        /// stays refused), then the connection is closed without a response byte.
        public var loseAnswerRate: Double
        /// The fraction (0...1) of authorized GraphQL HTTP requests answered `503 Service
        /// Unavailable` at once (no latency), before the body is read: nothing is applied.
        public var errorStatusRate: Double

        public init(
            latency: Duration = .zero, jitter: Duration = .zero, failRate: Double = 0, dropRate: Double = 0,
            loseAnswerRate: Double = 0, errorStatusRate: Double = 0
        ) {
            self.latency = latency
            self.jitter = jitter
            self.failRate = failRate
            self.dropRate = dropRate
            self.loseAnswerRate = loseAnswerRate
            self.errorStatusRate = errorStatusRate
        }
    }

    private let state: Mutex<Values>

    public init(_ values: Values = Values()) {
        state = Mutex(values.clamped)
    }

    public var values: Values {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue.clamped } }
    }

    public func update(_ change: (inout Values) -> Void) {
        state.withLock { values in
            change(&values)
            values = values.clamped
        }
    }

    /// The delay for one request: latency plus a random share of the jitter.
    func nextDelay() -> Duration {
        let current = values
        guard current.jitter > .zero else { return current.latency }
        return current.latency + current.jitter * Double.random(in: 0...1)
    }

    func shouldFailMutation() -> Bool { roll(values.failRate) }

    func shouldDropRequest() -> Bool { roll(values.dropRate) }

    func shouldLoseAnswer() -> Bool { roll(values.loseAnswerRate) }

    func shouldAnswerErrorStatus() -> Bool { roll(values.errorStatusRate) }

    private func roll(_ rate: Double) -> Bool {
        rate >= 1 || (rate > 0 && Double.random(in: 0..<1) < rate)
    }
}

extension FaultSettings.Values {
    /// Rates outside 0...1 and negative durations make no sense; keep them in range.
    var clamped: Self {
        Self(
            latency: max(latency, .zero), jitter: max(jitter, .zero),
            failRate: Self.rate(failRate), dropRate: Self.rate(dropRate),
            loseAnswerRate: Self.rate(loseAnswerRate), errorStatusRate: Self.rate(errorStatusRate))
    }

    /// A rate in 0...1; NaN (which no comparison clamps) counts as 0.
    private static func rate(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
