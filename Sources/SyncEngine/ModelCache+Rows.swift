import AmplifyModels
import AppSync
import Foundation
import GRDB
import GRDBSQLite

/// How a model's record is a row of its table, and back.
///
/// The values are the record's own bytes (`ModelRecord.storedBytes`): copied in and out, checked
/// on reading (a damaged row is left out, never a crash), read only under the layout that wrote
/// them (`createTable`). Rows of an older table hold one JSON object in the field types' wire form
/// instead (what the server sends: an enum value's name, a number, `AWSJSON` as its text), read
/// back through the layout's codecs, which check each value against the model as it is described
/// now: a row that fails is left out, since the cache is only a copy of the server's, and the next
/// read brings the record back.
extension ModelCache {
    /// The key's parts' texts as a JSON array (`["t1","A-2"]`): unambiguous, where `RecordKey.text`
    /// joins them with `#`, which a part may hold itself. A part's kind needs no mark: one model's
    /// key fields always have the same types.
    static func keyText(_ key: RecordKey) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, part) in key.parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(part.text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
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
        if !isDeleted, let missing = wire.firstRequiredFieldLackingValue {
            throw UnfitRow(description: "\(missing) is required and it has none")
        }
        return wire.record(key: key, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    /// The record a row's bytes hold (`ModelRecord.storedBytes`, written under this layout).
    static func record(
        layout: RecordLayout, storedBytes: UnsafeRawBufferPointer, version: Int, isDeleted: Bool, lastChangedAt: Int64?
    ) throws(UnfitRow) -> ModelRecord {
        guard let read = ModelRecord.read(layout: layout, storedBytes: storedBytes, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
        else { throw UnfitRow(description: "its bytes are not a record of the model") }
        if !isDeleted, let missing = read.firstRequiredFieldHoldingNull {
            throw UnfitRow(description: "\(missing.name) is required and it has none")
        }
        return read.record
    }

    /// Reads `rows` (`rowid`, `fields`, `_version`, `_deleted`, `_lastChangedAt`, `valueBytes`), leaving out
    /// (and logging) those that no longer fit the model. Returns the records, how many rows were
    /// read, and the last row's rowid.
    func records(from rows: RowCursor) throws -> (records: [ModelRecord], rowsRead: Int, lastRowID: Int64?) {
        var records: [ModelRecord] = []
        var rowsRead = 0, lastRowID: Int64?
        var unfit = 0, firstReason: String?
        while let row = try rows.next() {
            rowsRead += 1
            lastRowID = row[0]
            let (version, isDeleted, lastChangedAt): (Int, Bool, Int64?) = (row[2], row[3], row[4])
            // The bytes are read where SQLite holds them, not copied into a `Data` first.
            let fromBytes = try row.withUnsafeData(atIndex: 5) { bytes in
                bytes?.withUnsafeBytes { raw in
                    Result { () throws(UnfitRow) in
                        try Self.record(layout: layout, storedBytes: raw, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
                    }
                }
            }
            do throws(UnfitRow) {
                if let fromBytes {
                    records.append(try fromBytes.get())
                } else {
                    records.append(try Self.record(layout: layout, fields: row[1] as Data, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt))
                }
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

    /// Newer version wins.
    func upsertStatement(_ db: Database) throws -> Statement {
        try db.cachedStatement(
            sql: """
                INSERT INTO \(table) (key, fields, _version, _deleted, _lastChangedAt, valueBytes) VALUES (?, '', ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET fields = excluded.fields, _version = excluded._version,
                  _deleted = excluded._deleted, _lastChangedAt = excluded._lastChangedAt, valueBytes = excluded.valueBytes
                WHERE excluded._version >= \(table)._version
                """)
    }

    /// Writes one row with `statement` (`rowWriteStatement`: an upsert, or an append) through
    /// SQLite's C API, its bytes written into `buffer` (one for a whole page): GRDB's
    /// `StatementArguments` boxes every value into an array first, and the bytes would be
    /// copied into a `Data`; that was most of a page's cache write.
    func writeRow(_ record: ModelRecord, with statement: Statement, buffer: inout [UInt8]) throws {
        buffer.removeAll(keepingCapacity: true)
        record.appendStoredBytes(to: &buffer)
        var key = Self.keyText(record.id)
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        let code = key.withUTF8 { key in
            buffer.withUnsafeBytes { bytes in
                // SQLITE_STATIC (nil): the bytes outlive the step, and the bindings are cleared after it.
                sqlite3_bind_text(handle, 1, UnsafeRawPointer(key.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(key.count), nil)
                sqlite3_bind_int64(handle, 2, Int64(record.version))
                sqlite3_bind_int64(handle, 3, record.isDeleted ? 1 : 0)
                if let lastChangedAt = record.lastChangedAt { sqlite3_bind_int64(handle, 4, lastChangedAt) } else { sqlite3_bind_null(handle, 4) }
                // Never empty (the key's bytes come first), so never bound as null, which means "no bytes".
                sqlite3_bind_blob(handle, 5, bytes.baseAddress, Int32(bytes.count), nil)
                let code = sqlite3_step(handle)
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
                return code
            }
        }
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }
}
