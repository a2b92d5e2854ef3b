import ServerSlots
import AmplifyModels
import AppSync
import Foundation
import Synchronization
import LocalAppSync
import Testing
@testable import SyncEngine

/// The embedded server on a loopback port, with a real SQLite file, for the
/// sender's tests: it can be stopped and started again on the same port (the
/// server going away and coming back) and its faults changed while it runs.
final class LoopbackServer: Sendable {
    static let apiKey = "da2-loopbacktestkey000000001"
    let directory: String
    let port: Int
    let server: LocalAppSyncServer

    /// The dialect it serves.
    let schema: ServedDialect

    private init(directory: String, port: Int, server: LocalAppSyncServer, schema: ServedDialect) {
        self.directory = directory
        self.port = port
        self.server = server
        self.schema = schema
    }

    static func start(
        directory: String? = nil, port: Int = 0, faults: FaultSettings.Values = .init(), schema: ServedDialect = .versioned
    ) async throws -> LoopbackServer {
        let directory = directory ?? (NSTemporaryDirectory() + "proptui-sender-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = LocalAppSyncConfiguration(
            port: port, dataDirectory: directory, apiKey: apiKey, faults: faults, seedSamples: false)
        configuration.schema = schema
        let server = try LocalAppSyncServer(configuration: configuration)
        let bound = try await server.start()
        return LoopbackServer(directory: directory, port: bound, server: server, schema: schema)
    }

    /// The same server (same data, same port) started again after `stop()`.
    func restarted() async throws -> LoopbackServer {
        try await Self.start(directory: directory, port: port, schema: schema)
    }

    /// Stops the server, waiting for its graceful shutdown at most 10 s. Rarely (about one run in
    /// thirty of `changesMissedWhileDisconnectedArriveAfterTheReconnect`, with a realtime client
    /// reconnecting every millisecond as the server stops) that shutdown never ends; its listener is
    /// closed by then, so the port is free again. Not yet understood: see the closing note of issue 17.
    func stop() async {
        let server = server
        let answered = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let answer: @Sendable (Bool) -> Void = { timedOut in
                guard answered.withLock({ done in defer { done = true }; return !done }) else { return }
                if timedOut { print("LoopbackServer: the server's graceful shutdown did not end within 10 s") }
                continuation.resume()
            }
            Task { await server.stop(); answer(false) }
            Task { try? await Task.sleep(for: .seconds(10)); answer(true) }
        }
    }

    var faults: FaultSettings { server.faults }

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// A client of this server, as the app or another user would use it, speaking its dialect.
    func api(apiKey: String = apiKey, timeout: Duration = .seconds(20)) throws -> AppSyncModelAPI<ModelRecordSync> {
        let configuration = try AppSyncConfiguration(endpoint: endpoint, apiKey: apiKey)
        return Self.sampleAPI(AppSyncClient(configuration: configuration, timeout: timeout), dialect: schema == .gen2 ? .plain : .versioned)
    }

    /// A client that knows nothing of the dialect yet, as a first start does.
    func newcomerAPI() throws -> AppSyncModelAPI<ModelRecordSync> {
        Self.sampleAPI(AppSyncClient(configuration: try AppSyncConfiguration(endpoint: endpoint, apiKey: Self.apiKey)))
    }

    /// The sample's API as the app makes it (`proptui-bench`'s `SampleModel.api`).
    static func sampleAPI(_ client: AppSyncClient, dialect: APIDialect = .versioned) -> AppSyncModelAPI<ModelRecordSync> {
        AppSyncModelAPI(client: client, model: ModelRecordSync(layout: sampleLayout, dialect: dialect.documentDialect), dialect: dialect)
    }
}

/// Runs `body` with a server and always stops it, also when the body throws.
func withLoopbackServer(
    faults: FaultSettings.Values = .init(), schema: ServedDialect = .versioned, _ body: (LoopbackServer) async throws -> Void
) async throws {
    try await ServerSlots.withSlot {
        let server = try await LoopbackServer.start(faults: faults, schema: schema)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// The real API behind a switch that can cut this one client off the network
/// (nothing is sent while it is off), while other clients still reach the server.
final class CuttableAPI: ListAPI {
    let api: any ListAPI<ModelRecord>
    /// Shared by this value and the ones `speaking` makes (the list swaps in one for its dialect).
    private final class Switch: Sendable {
        let isCut = Synchronization.Mutex(false)
    }

    private let cut: Switch

    convenience init(_ api: any ListAPI<ModelRecord>) { self.init(api, cut: Switch()) }

    private init(_ api: any ListAPI<ModelRecord>, cut: Switch) {
        self.api = api
        self.cut = cut
    }

    func setCut(_ value: Bool) { cut.isCut.withLock { $0 = value } }

    private func check() throws(AppSyncFailure) {
        if cut.isCut.withLock({ $0 }) { throw .unreachable("the server refused the connection (cut off by the test)") }
    }

    var dialect: APIDialect { api.dialect }

    func speaking(_ dialect: APIDialect) -> any ListAPI<ModelRecord> { CuttableAPI(api.speaking(dialect), cut: cut) }

    var subscriptions: [RealtimeSubscription] { api.subscriptions }

    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?) -> RemoteRecordEvent<ModelRecord> {
        api.readEvent(data, deletion: deletion, knownCopy: knownCopy)
    }

    var modelDescription: AmplifyModel { api.modelDescription }

    func describe() async throws(AppSyncFailure) -> APIDescription? {
        try check()
        return try await api.describe()
    }

    func get(id: RecordKey) async throws(AppSyncFailure) -> ModelRecord? {
        try check()
        return try await api.get(id: id)
    }

    func send(_ mutation: ModelMutation<ModelRecord>) async throws(AppSyncFailure) -> ModelRecord {
        try check()
        return try await api.send(mutation)
    }

    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        try check()
        return try await api.syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
    }

    func probe() async throws(AppSyncFailure) {
        try check()
        try await api.probe()
    }
}

/// Retries and probes a test need not wait long for.
let fastRetries = RetryPolicy(base: .milliseconds(20), cap: .milliseconds(200))

/// A list over `api`, retrying fast, its events recorded.
func makeList(
    _ api: any ListAPI<ModelRecord>, storage: ModelCache? = nil, events: EventRecorder = EventRecorder()
) throws -> RecordList<ModelRecord> {
    try RecordList(
        api: api, storage: try storage ?? sampleCache(),
        options: SyncOptions(retryPolicy: fastRetries, probePolicy: fastRetries), onEvent: events.sink)
}
