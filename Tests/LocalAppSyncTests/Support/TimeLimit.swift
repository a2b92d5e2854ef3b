import Testing

/// A wait in a test that gives up must FAIL the test, never return quietly: these helpers record
/// an issue naming what was awaited, then throw, so the test stops there.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    let awaited: String
    let limit: Duration

    var description: String { "gave up after \(limit) waiting for \(awaited)" }
}

/// Runs `body` (which must stop when cancelled, as stream iteration and `Task.sleep` do); if it
/// has not finished within `limit`, cancels it and fails the test.
func withTimeLimit<T: Sendable>(
    _ limit: Duration = .seconds(20), waitingFor awaited: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: @Sendable @escaping () async throws -> T
) async throws -> T {
    let outcome = try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
    guard let outcome else {
        let error = TimeLimitExceeded(awaited: awaited, limit: limit)
        Issue.record("\(error)", sourceLocation: sourceLocation)
        throw error
    }
    return outcome
}

/// Polls `condition` until it holds; fails the test if it does not within `limit`.
func waitUntil(
    _ awaited: String, within limit: Duration = .seconds(20), sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ condition: @Sendable @escaping () async throws -> Bool
) async throws {
    try await withTimeLimit(limit, waitingFor: awaited, sourceLocation: sourceLocation) {
        while try await !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }
}
