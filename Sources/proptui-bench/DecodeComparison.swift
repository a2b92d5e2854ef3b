import AmplifyModels
import AppSync
import Foundation
import SyncEngine

/// One sync page of 1,000 of the sample's records decoded by each candidate, on the same body:
/// Foundation's `JSONDecoder` over typed `Decodable` values, and the app's reader (`JSONReader`
/// into `ModelRecord`s, as `ModelRecordSync` reads any model's page). The median of
/// `repetitions` each, in milliseconds.
struct DecodeComparison: Codable, Sendable {
    var foundationMs: Double
    var readerMs: Double

    static let repetitions = 21

    static func measure(_ body: Data, sync: ModelRecordSync) throws -> DecodeComparison {
        let foundation = try median { try JSONDecoder().decode(FoundationAnswer.self, from: body).data?.syncRealEstateProperties?.items.count }
        // The app's path: the envelope and the page read in one pass (as `AppSyncClient` reads a field).
        let reader = try median {
            try readField("syncRealEstateProperties", of: body) { reader throws(JSONReadError) in try sync.readPage(&reader).items.count }
        }
        return DecodeComparison(foundationMs: foundation, readerMs: reader)
    }

    /// `data.<field>` of an answer, read by `read` in the same pass as the envelope.
    static func readField<T>(_ field: String, of body: Data, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        try JSONReader.read(body) { reader throws(JSONReadError) in
            var value: T?
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key == "data" else { return try reader.skipValue() }
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.description == field { value = try read(&reader) } else { try reader.skipValue() }
                }
            }
            guard let value else { throw .missing(field, at: 0) }
            return value
        }
    }

    /// The median time `decode` takes of `repetitions` runs.
    static func median(_ decode: () throws -> Int?) throws -> Double {
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            blackHole(try decode() ?? 0)
            times.append((ContinuousClock.now - start).milliseconds)
        }
        return times.sorted()[repetitions / 2]
    }

    /// The same answer as `Decodable` types, as a Swift client would declare the sample's record.
    private struct FoundationAnswer: Decodable {
        struct Fields: Decodable { var syncRealEstateProperties: Page? }
        struct Property: Decodable {
            var id: String
            var name: String
            var address: String?
            var createdAt: String?
            var updatedAt: String?
            var _version: Int
            var _deleted: Bool?
            var _lastChangedAt: Int64
        }
        struct Page: Decodable {
            var items: [Property?]
            var nextToken: String?
            var startedAt: Int64?
        }
        var data: Fields?
        var errors: [JSONValue]?
    }
}
