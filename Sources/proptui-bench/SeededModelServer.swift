import AmplifyModels
import Foundation
import LocalAppSync
import SyncEngine

/// The embedded server on loopback serving a models file's schema (Gen 2), in a folder of its
/// own, with `count` generated records of one model: what the export and view benches read.
struct SeededModelServer {
    let folder: String
    let layout: RecordLayout
    let server: LocalAppSyncServer
    let url: String

    /// `name`'s records seeded; the caller stops the server and removes `folder`.
    static func start(_ schema: ModelSchema, model name: String, records count: Int, folderPrefix: String) async throws -> SeededModelServer {
        let folder = NSTemporaryDirectory() + folderPrefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/server", withIntermediateDirectories: true)
        let model = try schema.models.first { $0.name == name }.orThrow("no \(name) in the bench's models")
        let layout = try RecordLayout(model: model, schema: schema)
        var configuration = LocalAppSyncConfiguration(dataDirectory: folder + "/server", apiKey: LoadBenchmark.apiKey, seedSamples: false)
        configuration.serve(ServedModels(schema: schema, introspectionText: []), dialect: .gen2)
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        do {
            try await server.seedGenerated(count: count)
        } catch {
            await server.stop()
            throw error
        }
        return SeededModelServer(folder: folder, layout: layout, server: server, url: "http://127.0.0.1:\(port)/graphql")
    }
}
