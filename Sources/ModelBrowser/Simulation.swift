/// The embedded server's fault injection, changeable at run time so a demo can
/// show a revert on cue. nil in `BrowserState` when talking to a real endpoint.
public struct Simulation: Sendable, Equatable {
    /// The share of mutations the server refuses, 0...1.
    public var failureRate: Double
    /// Extra time the server takes to answer.
    public var latency: Duration

    public init(failureRate: Double = 0, latency: Duration = .zero) {
        self.failureRate = failureRate
        self.latency = latency
    }

    /// The values `f` and `L` cycle through.
    public static let failureRates: [Double] = [0, 0.5, 1]
    public static let latencies: [Duration] = [.zero, .milliseconds(800), .seconds(2)]

    /// The next failure rate of its key's cycle; what the status line says of it.
    public mutating func cycleFailureRate() -> String {
        failureRate = Self.next(after: failureRate, in: Self.failureRates)
        return "Simulated server: \(Self.describe(failureRate: failureRate))."
    }

    /// The next latency of its key's cycle; what the status line says of it.
    public mutating func cycleLatency() -> String {
        latency = Self.next(after: latency, in: Self.latencies)
        return "Simulated server latency: \(Self.describe(latency: latency))."
    }

    /// What the rule under the list says while the server is not plain; nil when it is.
    public var summary: String? {
        guard failureRate > 0 || latency > .zero else { return nil }
        return "simulated server: \(Self.describe(failureRate: failureRate)), latency \(Self.describe(latency: latency))"
    }

    /// What the keys say against a server that is not the embedded one.
    public static let unavailable = "Simulation keys work only with the embedded server (no --endpoint)."

    /// The next value of a cycle: the first one above the current, else the first.
    static func next<T: Comparable>(after current: T, in cycle: [T]) -> T {
        cycle.first { $0 > current } ?? cycle[0]
    }

    static func describe(failureRate: Double) -> String {
        switch failureRate {
        case 0: "no mutation fails"
        case 1: "every mutation fails"
        default: "\(Int((failureRate * 100).rounded()))% of mutations fail"
        }
    }

    static func describe(latency: Duration) -> String {
        let milliseconds = latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000
        if milliseconds == 0 { return "none" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}
