import AmplifyModels
import AppSync
import AsyncHTTPClient
import Foundation
import Synchronization
import LocalAppSync
import NIOCore
import SyncEngine

/// Live sync's two figures, for the sample's model as the app runs it (`RecordList<ModelRecord>`),
/// on the embedded server over loopback:
/// - the bytes a delta query transfers after k changes to N records, against the
///   base query over the same N (both paginated as the app does, 1,000 per page);
/// - the time from a change in one client to its row arriving in another's list
///   through the realtime socket (median and p90 of `samples`).
struct LiveSyncBenchmark {
    let records: Int
    let changes: Int
    let samples: Int

    struct Result: Encodable {
        let records: Int
        let changes: Int
        let baseQueryBytes: Int
        let deltaQueryBytes: Int
        /// Base / delta: how much a delta saves.
        let baseOverDelta: Double
        let changeToOtherClientMedianMilliseconds: Double
        let changeToOtherClientP90Milliseconds: Double
    }

    static let apiKey = "da2-benchbenchbenchbench00002"

    func run() async throws -> Result {
        let folder = NSTemporaryDirectory() + "proptui-bench-live-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(
            dataDirectory: folder, apiKey: Self.apiKey, seedSamples: false))
        let port = try await server.start()
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: Self.apiKey)
        let api = SampleModel.api(AppSyncClient(configuration: configuration))
        do {
            let ids = try await seed(records, through: api)
            let (baseBytes, startedAt) = try await syncBytes(port: port, lastSync: nil)
            for id in ids.prefix(changes) {
                _ = try await api.send(Self.rename(id, to: "Changed \(id.text.prefix(8))"))
            }
            let (deltaBytes, _) = try await syncBytes(port: port, lastSync: startedAt)
            let latencies = try await changeToOtherClient(configuration: configuration, ids: Array(ids.suffix(samples)))
            await server.stop()
            let sorted = latencies.sorted()
            return Result(
                records: records, changes: changes, baseQueryBytes: baseBytes, deltaQueryBytes: deltaBytes,
                baseOverDelta: Double(baseBytes) / Double(max(deltaBytes, 1)),
                changeToOtherClientMedianMilliseconds: sorted[sorted.count / 2],
                changeToOtherClientP90Milliseconds: sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
        } catch {
            await server.stop()
            throw error
        }
    }

    private func seed(_ count: Int, through api: AppSyncModelAPI<ModelRecordSync>) async throws -> [RecordKey] {
        let ids = (0..<count).map { _ in RecordKey.random() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in stride(from: lane, to: count, by: 8) {
                        let record = ModelRecord(
                            layout: SampleModel.layout, key: ids[index],
                            values: ["name": .string("Seeded \(index)"), "address": .string("\(index) Bench St")])
                        _ = try await api.send(.create(record))
                    }
                }
            }
            try await group.waitForAll()
        }
        return ids
    }

    /// Every page of the sync query, as bytes on the wire (response bodies), and its `startedAt`.
    private func syncBytes(port: Int, lastSync: Int64?) async throws -> (bytes: Int, startedAt: Int64?) {
        var total = 0
        var nextToken: String?
        var startedAt: Int64?
        repeat {
            let variables: JSONValue = ["limit": 1000, "nextToken": JSONValue(nextToken), "lastSync": lastSync.map { .int($0) } ?? .null]
            let body: JSONValue = [
                "query": .string("query Sync($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) { syncRealEstateProperties(limit: $limit, nextToken: $nextToken, lastSync: $lastSync) { items { id name address createdAt updatedAt _version _deleted _lastChangedAt } nextToken startedAt } }"),
                "variables": variables,
            ]
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/graphql")
            request.method = .POST
            request.headers.add(name: "content-type", value: "application/json")
            request.headers.add(name: "x-api-key", value: Self.apiKey)
            request.body = .bytes(ByteBuffer(string: body.jsonText))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: 64 << 20)
            total += bytes.readableBytes
            let page = try JSONDecoder().decode(JSONValue.self, from: Data(bytes.readableBytesView))
            let connection = page["data"]?["syncRealEstateProperties"]
            nextToken = connection?["nextToken"]?.stringValue
            if startedAt == nil, case .int(let value)? = connection?["startedAt"] { startedAt = value }
        } while nextToken != nil
        return (total, startedAt)
    }

    /// A renames, B's list shows it: milliseconds per sample.
    private func changeToOtherClient(configuration: AppSyncConfiguration, ids: [RecordKey]) async throws -> [Double] {
        let api = SampleModel.api(AppSyncClient(configuration: configuration))
        let arrivals = ArrivalLog()
        let b = try RecordList<ModelRecord>(api: api, storage: SyncStorage().cache(for: SampleModel.layout)) { event in
            if case .rowsChanged(let update) = event {
                for row in update.upserted { arrivals.note(row.record.displayName) }
            }
        }
        await b.refresh()
        let realtime = RealtimeClient(
            url: configuration.realtimeEndpoint, subscriptions: api.subscriptions,
            authorize: configuration.realtimeAuthorization)
        let following = Task { await b.follow(realtime.start()) }
        defer {
            realtime.stop()
            following.cancel()
        }
        // Subscribed once a first change arrives.
        let probeName = "Live probe"
        _ = try await api.send(Self.rename(ids[0], to: probeName))
        while arrivals.time(of: probeName) == nil { try await Task.sleep(for: .milliseconds(5)) }
        var results: [Double] = []
        for (index, id) in ids.enumerated().dropFirst() {
            let name = "Live \(index)"
            let start = ContinuousClock.now
            _ = try await api.send(Self.rename(id, to: name))
            while arrivals.time(of: name) == nil { try await Task.sleep(for: .microseconds(200)) }
            let arrived = arrivals.time(of: name)!
            results.append((arrived - start).milliseconds)
        }
        return results
    }

    /// A rename of a seeded record (version 1), as another client sends it.
    private static func rename(_ id: RecordKey, to name: String) -> ModelMutation<ModelRecord> {
        .update(id: id, ModelRecordPatch(["name": .string(name)]), base: ModelRecord(layout: SampleModel.layout, key: id, version: 1))
    }

    static func text(_ result: Result) -> String {
        """
        live sync: delta query after \(result.changes) changes to \(result.records) records: \(result.deltaQueryBytes) bytes \
        (base query over the same records: \(result.baseQueryBytes) bytes; \(String(format: "%.0f", result.baseOverDelta))× smaller)
        live sync: a change in one client on another client's list, through the realtime socket: median \
        \(String(format: "%.1f", result.changeToOtherClientMedianMilliseconds)) ms, p90 \
        \(String(format: "%.1f", result.changeToOtherClientP90Milliseconds)) ms
        """
    }
}

/// When each name first reached B's list.
final class ArrivalLog: Sendable {
    private let times = Synchronization.Mutex<[String: ContinuousClock.Instant]>([:])
    func note(_ name: String) { times.withLock { if $0[name] == nil { $0[name] = .now } } }
    func time(of name: String) -> ContinuousClock.Instant? { times.withLock { $0[name] } }
}
