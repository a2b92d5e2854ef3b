import Foundation
import GRDB
import GraphQL
import JSONValues

/// One `RealEstateProperty` row as the server stores it. LocalAppSync keeps its own model
/// (it does not import the client's `PropertySync`): the server is self-contained.
struct PropertyRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "realEstateProperty"

    var id: String
    var name: String
    var address: String?
    /// `AWSDateTime` strings, exactly as served.
    var createdAt: String
    var updatedAt: String
    var version: Int
    /// `_deleted`: null until the record is deleted, as AppSync serves it.
    var deleted: Bool?
    /// `_lastChangedAt`, epoch milliseconds.
    var lastChangedAt: Int64

    /// The GraphQL field names of the type, in schema order.
    static let fieldNames = ["id", "name", "address", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt"]

    /// About how many bytes of JSON the record takes in an answer with every field selected (the
    /// keys, quotes and numbers are ~130 bytes; escapes are not counted): for `RequestBudget`.
    var estimatedJSONBytes: Int {
        130 + id.utf8.count + name.utf8.count + (address?.utf8.count ?? 0) + createdAt.utf8.count + updatedAt.utf8.count
    }

    /// The record as a GraphQL value, in schema order, with absent values as null.
    var map: Map {
        .dictionary([
            "id": .string(id),
            "name": .string(name),
            "address": address.map(Map.string) ?? .null,
            "createdAt": .string(createdAt),
            "updatedAt": .string(updatedAt),
            "_version": .number(Number(version)),
            "_deleted": deleted.map(Map.bool) ?? .null,
            "_lastChangedAt": .number(Number(lastChangedAt)),
        ])
    }

    /// The record as the source object of GraphQL execution: the default field resolver
    /// reads a `[String: any Sendable]` by field name; an absent key resolves to null. Values
    /// are plain Swift values, which the scalar serializers accept (a `Map.null` they do not).
    func resolverSource(limitedTo fields: Set<String>? = nil) -> [String: any Sendable] {
        var source: [String: any Sendable] = [
            "id": id, "name": name, "createdAt": createdAt, "updatedAt": updatedAt,
            "_version": version, "_lastChangedAt": Int(lastChangedAt),
        ]
        if let address { source["address"] = address }
        if let deleted { source["_deleted"] = deleted }
        guard let fields else { return source }
        return source.filter { fields.contains($0.key) }
    }

    /// The record as the models store keeps an item (absent values absent).
    var item: ModelItem {
        var attributes: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "createdAt": .string(createdAt), "updatedAt": .string(updatedAt),
            "_version": .int(Int64(version)), "_lastChangedAt": .int(lastChangedAt),
        ]
        if let address { attributes["address"] = .string(address) }
        if let deleted { attributes["_deleted"] = .bool(deleted) }
        return ModelItem(attributes: attributes)
    }
}
