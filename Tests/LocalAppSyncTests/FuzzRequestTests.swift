import Foundation
import GraphQL
import Synchronization
import Testing
@testable import LocalAppSync

/// Random documents, variables and nestings from `HostileGrammar` against a real server on
/// loopback, two at a time, with a `{ __typename }` probe running beside them. The server must
/// never die, must answer every request in AppSync's shape within its execution limit, and must
/// keep answering the probe. The seed is printed; `PROPTUI_FUZZ_SEED=<seed>` replays a run, and
/// `PROPTUI_FUZZ_DUMP=<path>` writes its bodies (one a line) to `<path>-<dialect>` instead of
/// sending them, for replaying them with curl against `proptui serve`. About 5 s on a quiet
/// 2-core machine, 20 s on a loaded one; it shares the test process with the rest of the suite, so it is kept small.
@Suite struct FuzzRequestTests {
    static let requestsPerDialect = 80
    /// A hang detector, not a speed requirement: the suite runs on shared machines.
    static let executionTimeout = Duration.seconds(5)
    static let answerWithin: Int64 = 35
    /// A probe answered within this counts as quick; most must be (`quickShare`). A count, not a
    /// bound on each: in a full `swift test` the test process runs hundreds of other tests beside
    /// this one, and the machine is shared.
    static let probeWithin = Duration.seconds(5)
    static let quickShare = 0.5

    /// One per run, for both dialects.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["PROPTUI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 0...UInt64(UInt32.max))
    }()

    @Test(arguments: [ServedDialect.versioned, .gen2])
    func randomRequestsAreAllAnsweredAndTheServerStaysResponsive(_ dialect: ServedDialect) async throws {
        let seed = Self.seed
        print("FuzzRequestTests (\(dialect)): seed \(seed); replay with PROPTUI_FUZZ_SEED=\(seed) swift test --filter FuzzRequestTests")
        var grammar = HostileGrammar(seed: seed)
        let bodies = (0..<Self.requestsPerDialect).map { _ in grammar.body() }
        if let dump = ProcessInfo.processInfo.environment["PROPTUI_FUZZ_DUMP"] {
            try Data(bodies.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: dump + "-\(dialect)"))
            return
        }
        try await TestServer.with(configure: {
            $0.schema = dialect
            $0.limits.executionTimeout = Self.executionTimeout
        }) { server in
            try await server.server.seedGenerated(count: 200)
            let probes = ProbeRecord()
            let probing = Task {
                while !Task.isCancelled {
                    let started = ContinuousClock.now
                    let answer = try? await server.graphQL("{ __typename }", timeout: .seconds(Self.answerWithin))
                    // The probe in flight when the run ends is cancelled, not unanswered.
                    if Task.isCancelled { break }
                    // On a starved machine the server may rightly answer ExecutionTimeout: an answer too.
                    let answered = answer?["data"]["__typename"] == "Query" || answer?["errors"][0]["errorType"] == "ExecutionTimeout"
                    probes.note(answered: answered, after: ContinuousClock.now - started, quick: Self.probeWithin)
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            for pair in stride(from: 0, to: bodies.count, by: 2) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in pair..<min(pair + 2, bodies.count) {
                        group.addTask { try await Self.expectAppSyncAnswer(to: bodies[index], index: index, seed: seed, from: server) }
                    }
                    try await group.waitForAll()
                }
            }
            probing.cancel()
            _ = await probing.result
            let after = try await server.graphQL("{ __typename }", timeout: .seconds(Self.answerWithin))
            #expect(after["data"]["__typename"] == "Query", "the server answers after the run (seed \(seed))")
            let record = probes.summary
            print("FuzzRequestTests (\(dialect)): \(record.count) probes, \(record.quick) within \(Self.probeWithin), slowest \(record.slowest)")
            #expect(record.count > 0)
            #expect(record.unanswered == 0, "probes without an answer (seed \(seed))")
            #expect(Double(record.quick) >= Self.quickShare * Double(record.count), "\(record.quick) of \(record.count) probes quick (seed \(seed))")
        }
    }

    /// An HTTP answer whose body is AppSync's: `data` and/or `errors`, each error with a message.
    static func expectAppSyncAnswer(to body: String, index: Int, seed: UInt64, from server: TestServer) async throws {
        let answer: (status: Int, json: Map, text: String)
        do {
            answer = try await server.post(body: body, timeout: .seconds(answerWithin))
        } catch {
            Issue.record("request \(index) of seed \(seed) got no answer (\(error)): \(body.prefix(300))")
            return
        }
        let json = answer.json
        let shaped = json["data"] != .undefined || json["errors"].array?.isEmpty == false
        let messages = json["errors"].array?.allSatisfy { $0["message"].string?.isEmpty == false } ?? true
        #expect([200, 400, 413].contains(answer.status), "request \(index) of seed \(seed): status \(answer.status)")
        #expect(shaped && messages, "request \(index) of seed \(seed) answered \(answer.text.prefix(300)) to \(body.prefix(300))")
    }
}

/// How the `{ __typename }` probes fared.
final class ProbeRecord: Sendable {
    private let state = Mutex((count: 0, unanswered: 0, quick: 0, slowest: Duration.zero))

    func note(answered: Bool, after elapsed: Duration, quick bound: Duration) {
        state.withLock { state in
            state.count += 1
            if !answered { state.unanswered += 1 }
            if answered, elapsed < bound { state.quick += 1 }
            state.slowest = max(state.slowest, elapsed)
        }
    }

    var summary: (count: Int, unanswered: Int, quick: Int, slowest: Duration) { state.withLock { $0 } }
}
