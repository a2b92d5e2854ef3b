import GRDB
import JSONValues

/// The sample's stores before it was served as one model among others: the versioned dialect's
/// `realEstateProperty` table (a row a record, `_version` and the tombstone in columns) and the
/// Gen 2 dialect's `gen2RealEstateProperty` (absent and NULL told apart by `hasAddress`). A data
/// directory written by those keeps its properties: each row becomes the item it stood for, its
/// write time kept (so a delta sync since before the move still finds what changed after it),
/// and the old table goes, in the migration's one transaction.
extension ModelItemDatabase {
    static func moveSampleTables(_ db: Database) throws {
        if try db.tableExists("realEstateProperty") {
            let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT * FROM realEstateProperty")
            while let row = try rows.next() {
                var attributes: [String: JSONValue] = [
                    "id": .string(row["id"]), "name": .string(row["name"]), "createdAt": .string(row["createdAt"]),
                    "updatedAt": .string(row["updatedAt"]), "_version": .int(row["version"]), "_lastChangedAt": .int(row["lastChangedAt"]),
                ]
                if let address: String = row["address"] { attributes["address"] = .string(address) }
                if let deleted: Bool = row["deleted"] { attributes["_deleted"] = .bool(deleted) }
                try insertSampleItem(db, attributes, writtenAt: row["lastChangedAt"])
            }
            try db.drop(table: "realEstateProperty")
        }
        if try db.tableExists("gen2RealEstateProperty") {
            let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT * FROM gen2RealEstateProperty")
            while let row = try rows.next() {
                var attributes: [String: JSONValue] = [
                    "id": .string(row["id"]), "name": .string(row["name"]), "createdAt": .string(row["createdAt"]),
                    "updatedAt": .string(row["updatedAt"]),
                ]
                if row["hasAddress"] as Bool { attributes["address"] = (row["address"] as String?).map(JSONValue.string) ?? .null }
                try insertSampleItem(db, attributes, writtenAt: row["writtenAt"])
            }
            try db.drop(table: "gen2RealEstateProperty")
        }
    }

    private static func insertSampleItem(_ db: Database, _ attributes: [String: JSONValue], writtenAt: Int64) throws {
        guard case .string(let id)? = attributes["id"] else { return }
        let key = ItemKey(values: [.string(id)])
        try db.execute(
            sql: "INSERT INTO \(table) (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: ["RealEstateProperty", key.text, key.scanKey, key.partitionText, key.sortValue, JSONWriter.sortedText(.object(attributes)), writtenAt])
    }
}
