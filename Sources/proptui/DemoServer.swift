import AmplifyModels
import AppSync
import Demo
import Foundation
import LocalAppSync
import Logging
import SyncEngine

struct DemoServerError: Error, CustomStringConvertible {
    let description: String
}

/// The embedded server a demo tape plays against, and its `Server` lines. Offline is the real
/// thing: the server stops listening, so the app's connections are refused (a dropped
/// connection would read as "the answer was lost", which the app retries without going
/// offline). Online starts it again on the same port, with the same data and key.
actor DemoServer {
    private let dataDirectory: String
    private let logger: Logger
    private var faults = FaultSettings.Values()
    private var server: LocalAppSyncServer?
    private(set) var port = 0
    private(set) var apiKey = ""
    /// Served instead of the sample (a tape's `Set Models`).
    private let models: ServedModels?
    /// Generated items of every model to start with (a tape's `Set Seed`).
    private let seed: Int
    private var seeded = false

    init(dataDirectory: String, logger: Logger, models: ServedModels? = nil, seed: Int = 0) {
        self.models = models
        self.seed = seed
        self.dataDirectory = dataDirectory
        self.logger = logger
    }

    /// The ports tried, in order: the header shows the server's address, so a fixed port keeps
    /// the screens the same from run to run (another port only when this one is taken).
    static let ports = 47_100..<47_150

    /// Starts it, seeded with the sample properties, on `requested` (`--port`; 0 for any free
    /// one), else on the first free port of `ports` (else any).
    func start(on requested: Int? = nil) async throws {
        if let requested { return try await listen(on: requested) }
        for candidate in Self.ports {
            do {
                try await listen(on: candidate)
                return
            } catch LocalAppSyncError.portInUse, LocalAppSyncError.cannotListen {
                continue  // taken by someone else (or not ours to take): the next one
            }
        }
        try await listen(on: 0)
    }

    func apply(_ change: ServerChange) async throws {
        switch change {
        case .latency(let latency):
            faults.latency = latency
            server?.faults.update { $0.latency = latency }
        case .failRate(let rate):
            faults.failRate = rate
            server?.faults.update { $0.failRate = rate }
        case .offline:
            await server?.stop()
            server = nil
        case .online:
            guard server == nil else { return }
            try await listen(on: port)
        case .rename(let old, let new):
            try await renameAsAnotherUser(old, to: new)
        }
    }

    /// Another user's rename: a plain AppSync client reads the list and sends the mutation,
    /// with the record's current version, over HTTP like anyone else.
    private func renameAsAnotherUser(_ old: String, to new: String) async throws {
        let configuration = try AppSyncConfiguration(
            graphQLEndpoint: URL(string: "http://127.0.0.1:\(port)/graphql")!, auth: .apiKey(apiKey))
        let layout = try RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)
        let api = AppSyncModelAPI(
            client: AppSyncClient(configuration: configuration), model: ModelRecordSync(layout: layout, dialect: .versioned, subscriber: nil))
        let page = try await api.syncPage(limit: 1000, nextToken: nil, lastSync: nil)
        guard let record = page.items.compactMap({ $0 }).first(where: { $0.displayName == old && !$0.isDeleted }) else {
            throw DemoServerError(description: "the server has no property named “\(old)”")
        }
        _ = try await api.send(.update(id: record.id, ModelRecordPatch(["name": .string(new)]), base: record))
    }

    func stop() async {
        await server?.stop()
        server = nil
    }

    private func listen(on requestedPort: Int) async throws {
        var configuration = LocalAppSyncConfiguration(port: requestedPort, dataDirectory: dataDirectory, faults: faults, requestLogger: logger)
        if let models { configuration.serve(models) }
        let server = try LocalAppSyncServer(configuration: configuration)
        port = try await server.start()
        // Once: `Server Online` listens again over the same data.
        if seed > 0, !seeded {
            try await server.seedGenerated(count: seed)
            seeded = true
        }
        apiKey = server.apiKey
        self.server = server
    }
}
