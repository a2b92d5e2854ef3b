import AmplifyModels
import AppSync
import Foundation
import GRDB

/// How a model's record is a row of its table, and back.
///
/// The values are one JSON object in the field types' wire form (what the server sends: an enum
/// value's name, a number, `AWSJSON` as its text): read back through the layout's codecs, which
/// check each value against the model as it is described now. A row written under another
/// description of the model (the backend's schema changed since) fails that check and is left
/// out: the cache is only a copy of the server's, and the next read brings the record back.
extension ModelCache {
    /// The key's parts' texts as a JSON array (`["t1","A-2"]`): unambiguous, where `RecordKey.text`
    /// joins them with `#`, which a part may hold itself. A part's kind needs no mark: one model's
    /// key fields always have the same types.
    static func keyText(_ key: RecordKey) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, part) in key.parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            CompactJSON.appendString(part.text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `{"amount":900,"kind":"EXPENSE",…}`, every field the record holds (key fields too, so a row
    /// is read back from this column and the server's numbers alone).
    static func fieldsText(_ record: ModelRecord) -> String {
        let layout = record.layout
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, value) in record.values.enumerated() where value != .null {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            CompactJSON.appendString(layout.fields[index].name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            CompactJSON.append(layout.codecs[index].json(value), to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Why a row cannot be a record of the model as it is now.
    struct UnfitRow: Error, CustomStringConvertible {
        let description: String
    }

    /// The record a row holds, each value checked by its field's codec as an answer's are
    /// (`WireModelRecord`, which reads the bytes without making a tree of them). A deleted
    /// record's tombstone keeps only its key and timestamps, so its missing values are not missing.
    static func record(
        layout: RecordLayout, fields: some ContiguousBytes, version: Int, isDeleted: Bool, lastChangedAt: Int64?
    ) throws(UnfitRow) -> ModelRecord {
        let wire: WireModelRecord
        do throws(JSONReadError) {
            wire = try JSONReader.read(fields) { reader throws(JSONReadError) in try WireModelRecord(json: &reader, layout: layout) }
        } catch {
            throw UnfitRow(description: error.description)
        }
        guard let key = wire.key else { throw UnfitRow(description: "it has no key") }
        if !isDeleted, let missing = zip(layout.fields, wire.values).first(where: { $0.isRequired && ($1 ?? .null) == .null }) {
            throw UnfitRow(description: "\(missing.0.name) is required and it has none")
        }
        return wire.record(key: key, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    /// Reads `rows` (`rowid`, `fields`, `_version`, `_deleted`, `_lastChangedAt`), leaving out
    /// (and logging) those that no longer fit the model. Returns the records, how many rows were
    /// read, and the last row's rowid.
    func records(from rows: RowCursor) throws -> (records: [ModelRecord], rowsRead: Int, lastRowID: Int64?) {
        var records: [ModelRecord] = []
        var rowsRead = 0, lastRowID: Int64?
        var unfit = 0, firstReason: String?
        while let row = try rows.next() {
            rowsRead += 1
            lastRowID = row[0]
            do throws(UnfitRow) {
                records.append(try Self.record(layout: layout, fields: row[1] as Data, version: row[2], isDeleted: row[3], lastChangedAt: row[4]))
            } catch {
                unfit += 1
                firstReason = firstReason ?? error.description
            }
        }
        if unfit > 0, let firstReason {
            logger.warning("\(unfit) cached \(layout.model.name) record(s) no longer fit the model and are left out (first: \(firstReason))")
        }
        return (records, rowsRead, lastRowID)
    }

    /// Newer version wins, as the sample's upsert (`SyncStorage+Upsert`).
    func upsertStatement(_ db: Database) throws -> Statement {
        try db.cachedStatement(
            sql: """
                INSERT INTO \(table) (key, fields, _version, _deleted, _lastChangedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET fields = excluded.fields, _version = excluded._version,
                  _deleted = excluded._deleted, _lastChangedAt = excluded._lastChangedAt
                WHERE excluded._version >= \(table)._version
                """)
    }

    func upsert(_ record: ModelRecord, with statement: Statement) throws {
        try statement.execute(arguments: [
            Self.keyText(record.id), Self.fieldsText(record), record.version, record.isDeleted, record.lastChangedAt,
        ])
    }
}
