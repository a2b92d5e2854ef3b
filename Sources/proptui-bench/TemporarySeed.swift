import AppSync
import Foundation
import LocalAppSync
import PropertySync

// TEMPORARY until the server's bulk seed lands: creates through the API.
extension LocalAppSyncServer {
    func seedGenerated(count: Int) async throws {
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(await port ?? 0)/graphql", apiKey: LoadBenchmark.apiKey)
        let api = AppSyncPropertyAPI(client: AppSyncClient(configuration: configuration))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in stride(from: lane, to: count, by: 8) {
                        _ = try await api.send(.create(RealEstateProperty(id: UUID().uuidString.lowercased(), name: "Seeded \(index)", address: "\(index) Bench St")))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
