import AmplifyModels
import AppSync
import GRDB
import OptimisticStore

/// The sample's rows moved into its model's (issue 30: the sample becomes one model of the one
/// stack). The sample's own screen kept its pending operations as outbox rows with `model` NULL,
/// its records and patches in JSON of their own (`SampleRecordJSON`, `SamplePatchJSON`), and its
/// cache in the `confirmed` table with unprefixed marks in `meta`; run as the model
/// `RealEstateProperty` (`RecordList<ModelRecord>`), the same backend's file is read through this
/// cache: rows with `model` = its name, in `ModelValue`'s JSON, its own table, marks prefixed
/// with its name. The old rows are read with SQL and those readers only.
///
/// Moved in the transaction that opens the model's cache, so a change an older build queued is
/// neither lost nor sent twice: each operation's row is rewritten where it is (its `seq`, so its
/// place in the one order of every model's operations, stays), with its attempts and last
/// failure (an operation that may have reached the server is still read before it is refused).
/// Nothing is left to move afterwards, so opening the cache again does nothing more.
extension ModelCache {
    /// Whether this model is the one the sample's rows belong to: the sample's model, keyed by `id`.
    var holdsTheSamplesRows: Bool {
        layout.model.name == AmplifyModel.realEstateProperty.name && layout.model.primaryKey.fields == ["id"]
    }

    func moveSampleRows(_ db: Database) throws {
        guard holdsTheSamplesRows, try db.tableExists("confirmed") else { return }
        let hadRowsOfItsOwn = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table))") ?? false
        let movedOperations = try moveSampleOperations(db)
        let movedRecords = try moveSampleRecords(db)
        if movedRecords > 0 || movedOperations > 0 {
            try moveSampleMarks(db, keepingThem: !hadRowsOfItsOwn)
            logger.notice("moved the sample's \(movedOperations) pending change(s) and \(movedRecords) cached record(s) to \(layout.model.name)'s")
        }
    }

    /// Every operation with `model` NULL, rewritten as this model's in place. Its id stays, unless
    /// the model already has operations of its own (then the moved ones are numbered after them,
    /// in the same order, since a list's ids are its own).
    private func moveSampleOperations(_ db: Database) throws -> Int {
        let entries = try OutboxEntry.fetchAll(model: nil, db)
        guard !entries.isEmpty else { return 0 }
        let highest = try Int64.fetchOne(db, sql: "SELECT max(operation) FROM outbox WHERE model = ?", arguments: [layout.model.name]) ?? 0
        for entry in entries {
            guard let seq = entry.seq else { continue }
            let id = OperationID(rawValue: entry.operationID.rawValue + UInt64(highest))
            var moved = OutboxEntry(try operation(entry, id: id), model: layout.model.name)
            moved.seq = seq
            try db.execute(
                sql: """
                    UPDATE outbox SET model = ?, operation = ?, recordID = ?, kind = ?, patch = ?, base = ?, before = ?,
                        attempts = ?, lastError = ?
                    WHERE seq = ?
                    """,
                arguments: [
                    moved.model, moved.operation, moved.recordID, moved.kind, moved.patch, moved.base, moved.before,
                    moved.attempts, moved.lastError, seq,
                ])
        }
        return entries.count
    }

    /// The sample's operation as this model's: the same change of the same record, with its
    /// attempts and failure. A row that does not read is reported, not guessed at.
    private func operation(_ entry: OutboxEntry, id: OperationID) throws -> PendingOperation<ModelRecord> {
        let change: LocalChange<ModelRecord>
        switch entry.kind {
        case "create": change = .create(try record(entry, entry.patch))
        case "update": change = .update(RecordKey(entry.recordID), try entry.read(entry.patch) { reader throws(JSONReadError) in
            try SamplePatchJSON(json: &reader).patch
        })
        case "delete": change = .delete(RecordKey(entry.recordID))
        default: throw SyncStorageError.corruptOutbox("operation \(entry.operationID.rawValue) has the unknown kind “\(entry.kind)”")
        }
        return PendingOperation(
            id: id, change: change, before: try entry.before.map { try record(entry, $0) }, base: try entry.base.map { try record(entry, $0) },
            attempts: entry.attempts, lastFailure: entry.lastError)
    }

    /// A record the sample's screen kept in `entry`, as this model's.
    private func record(_ entry: OutboxEntry, _ json: String) throws -> ModelRecord {
        let sample = try entry.read(json) { reader throws(JSONReadError) in try SampleRecordJSON(json: &reader) }
        return record(
            id: sample.id, name: sample.name, address: sample.address, createdAt: sample.createdAt, updatedAt: sample.updatedAt,
            version: sample.version, isDeleted: sample.isDeleted, lastChangedAt: sample.lastChangedAt)
    }

    /// The sample's fields as this model's record (its key the id, packed as any model's is).
    private func record(
        id: String, name: String, address: String?, createdAt: String?, updatedAt: String?, version: Int, isDeleted: Bool,
        lastChangedAt: Int64?
    ) -> ModelRecord {
        var values: [String: ModelValue] = ["name": .string(name)]
        values["address"] = address.map(ModelValue.string)
        values["createdAt"] = createdAt.map(ModelValue.string)
        values["updatedAt"] = updatedAt.map(ModelValue.string)
        return ModelRecord(
            layout: layout, key: RecordKey(id), values: values, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    /// The `confirmed` rows, in the order they were stored, as this model's (the newer version
    /// wins over a row it already has), then gone from `confirmed`. It runs before the first frame
    /// of the first start that needs it, so a million rows must not take long: a row whose id is
    /// plain (a UUID, letters, digits, `.` `_` `:` `-`) is copied by SQLite itself, its key text
    /// (`json_array`) then the same as `keyText`'s, its values the server's JSON (`fields`, read
    /// through the layout's codecs as an older table's rows are, and written as bytes by the next
    /// read that brings the record). Any other id goes through `keyText`, one row at a time.
    private func moveSampleRecords(_ db: Database) throws -> Int {
        let plain = "id != '' AND id NOT GLOB '*[^A-Za-z0-9._:-]*'"
        try db.execute(
            sql: """
                INSERT INTO \(table) (key, fields, _version, _deleted, _lastChangedAt, valueBytes)
                SELECT json_array(id),
                       json_object('id', id, 'name', name, 'address', address, 'createdAt', createdAt, 'updatedAt', updatedAt),
                       _version, _deleted, _lastChangedAt, NULL
                FROM confirmed WHERE \(plain) ORDER BY rowid
                ON CONFLICT(key) DO UPDATE SET fields = excluded.fields, _version = excluded._version, _deleted = excluded._deleted,
                  _lastChangedAt = excluded._lastChangedAt, valueBytes = NULL
                WHERE excluded._version >= \(table)._version
                """)
        var moved = try Int.fetchOne(db, sql: "SELECT count(*) FROM confirmed WHERE \(plain)") ?? 0
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, name, address, createdAt, updatedAt, _version, _deleted, _lastChangedAt FROM confirmed WHERE NOT (\(plain)) ORDER BY rowid")
        let statement = try upsertStatement(db)
        var buffer: [UInt8] = []
        while let row = try rows.next() {
            let sample = record(
                id: row[0], name: row[1], address: row[2], createdAt: row[3], updatedAt: row[4], version: row[5], isDeleted: row[6],
                lastChangedAt: row[7])
            try writeRow(sample, with: statement, buffer: &buffer)
            moved += 1
        }
        if moved > 0 { try db.execute(sql: "DELETE FROM confirmed") }
        return moved
    }

    /// The sample's marks under this model's names: the next read goes on from where the sample's
    /// left off. When the model had rows of its own, the marks of neither say what the two hold
    /// together: both go, and the next read is a whole one.
    private func moveSampleMarks(_ db: Database, keepingThem: Bool) throws {
        let names = ["lastSync", "lastBaseSync", "refreshedAt", "rowCount"]
        if keepingThem {
            for name in names {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) SELECT ?, value FROM meta WHERE key = ?",
                    arguments: [layout.model.name + "." + name, name])
            }
        } else {
            try db.execute(sql: "DELETE FROM meta WHERE key IN (?, ?, ?, ?)", arguments: StatementArguments(names.map { layout.model.name + "." + $0 }))
        }
        try db.execute(sql: "DELETE FROM meta WHERE key IN (?, ?, ?, ?)", arguments: StatementArguments(names))
    }
}

extension SyncStorage {
    /// What the sample's own screen left in this file that `moveSampleRows` would take: so that
    /// the app can say what it is doing before a large move holds up its first frame.
    public func sampleRowsLeft() throws -> (records: Int, operations: Int) {
        try run {
            try database.read { db in
                guard try db.tableExists("confirmed") else { return (0, 0) }
                let records = try Int.fetchOne(db, sql: "SELECT count(*) FROM confirmed") ?? 0
                let operations = try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE model IS NULL") ?? 0
                return (records, operations)
            }
        }
    }
}

/// A record as the sample's own screen wrote it in the outbox: its fields and the server's
/// numbers under AppSync's names (`{"id":…,"name":…,"_version":1,"_deleted":false}`; absent
/// values left out, `_deleted` null for a live record). Other keys are skipped.
private struct SampleRecordJSON {
    var id: String
    var name: String
    var address: String?
    var createdAt: String?
    var updatedAt: String?
    var version: Int
    var isDeleted: Bool
    var lastChangedAt: Int64?

    init(json reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.offset
        var id: String?, name: String?, address: String?, createdAt: String?, updatedAt: String?
        var version: Int?, isDeleted: Bool?, lastChangedAt: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "id" { id = try Self.text(&reader) }
            else if key == "name" { name = try Self.text(&reader) }
            else if key == "address" { address = try Self.text(&reader) }
            else if key == "createdAt" { createdAt = try Self.text(&reader) }
            else if key == "updatedAt" { updatedAt = try Self.text(&reader) }
            else if key == "_version" { version = try reader.readInt() }
            else if key == "_deleted" { isDeleted = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() } }
            else if key == "_lastChangedAt" { lastChangedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() } }
            else { try reader.skipValue() }
        }
        guard let id else { throw .missing("id", at: start) }
        guard let name else { throw .missing("name", at: start) }
        guard let version else { throw .missing("_version", at: start) }
        (self.id, self.name, self.address, self.createdAt, self.updatedAt) = (id, name, address, createdAt, updatedAt)
        (self.version, self.isDeleted, self.lastChangedAt) = (version, isDeleted ?? false, lastChangedAt)
    }

    /// A text, or null.
    static func text(_ reader: inout JSONReader) throws(JSONReadError) -> String? {
        try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
    }
}

/// An update as the sample's own screen wrote it in the outbox: the name it gives, and the
/// address (absent: left as it is; `null`: cleared).
private struct SamplePatchJSON {
    var patch: ModelRecordPatch

    init(json reader: inout JSONReader) throws(JSONReadError) {
        var changes: [String: ModelValue] = [:]
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "name" {
                if let name = try SampleRecordJSON.text(&reader) { changes["name"] = .string(name) }
            } else if key == "address" {
                changes["address"] = try SampleRecordJSON.text(&reader).map(ModelValue.string) ?? .null
            } else {
                try reader.skipValue()
            }
        }
        patch = ModelRecordPatch(changes)
    }
}
