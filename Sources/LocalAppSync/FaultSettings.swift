import Synchronization

/// Fault injection for demos and tests, changeable while the server runs (the in-process app
/// flips these from its own UI). Shared by every request, so it is a `Mutex`-protected box.
public final class FaultSettings: Sendable {
    /// A snapshot of the knobs.
    public struct Values: Sendable, Equatable {
        /// Added before every GraphQL answer over HTTP.
        public var latency: Duration
        /// Up to this much more, uniformly at random, on top of `latency`.
        public var jitter: Duration
        /// The fraction (0...1) of mutations answered with an injected AppSync error.
        public var failRate: Double
        /// The fraction (0...1) of GraphQL HTTP requests whose connection is closed unanswered.
        public var dropRate: Double
        /// Closes every request's connection unanswered (GraphQL and realtime alike), as a
        /// network that is down would: a demo turns it on and off on cue.
        public var offline: Bool

        public init(
            latency: Duration = .zero, jitter: Duration = .zero, failRate: Double = 0, dropRate: Double = 0,
            offline: Bool = false
        ) {
            self.latency = latency
            self.jitter = jitter
            self.failRate = failRate
            self.dropRate = dropRate
            self.offline = offline
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

    func shouldDropRequest() -> Bool {
        let current = values
        return current.offline || roll(current.dropRate)
    }

    private func roll(_ rate: Double) -> Bool {
        rate >= 1 || (rate > 0 && Double.random(in: 0..<1) < rate)
    }
}

extension FaultSettings.Values {
    /// Rates outside 0...1 and negative durations make no sense; keep them in range.
    var clamped: Self {
        Self(
            latency: max(latency, .zero), jitter: max(jitter, .zero),
            failRate: min(max(failRate, 0), 1), dropRate: min(max(dropRate, 0), 1), offline: offline)
    }
}
