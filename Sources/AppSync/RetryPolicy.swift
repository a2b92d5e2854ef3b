/// Exponential backoff with full jitter: after the n-th failure wait a random time
/// in 0...min(cap, base × 2ⁿ), so that many clients coming back online do not
/// retry in step.
public struct RetryPolicy: Sendable, Equatable {
    public var base: Duration
    public var cap: Duration

    public init(base: Duration = .milliseconds(500), cap: Duration = .seconds(30)) {
        self.base = base
        self.cap = cap
    }

    public func delay(afterFailure attempt: Int, using random: inout some RandomNumberGenerator) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(cap, base * (1 << exponent))
        let milliseconds = ceiling.components.seconds * 1000 + ceiling.components.attoseconds / 1_000_000_000_000_000
        return .milliseconds(Int64.random(in: 0...max(milliseconds, 0), using: &random))
    }

    public func delay(afterFailure attempt: Int) -> Duration {
        var random = SystemRandomNumberGenerator()
        return delay(afterFailure: attempt, using: &random)
    }
}
