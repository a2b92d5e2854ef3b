import GRDB
import GRDBSQLite

/// Writing a server record into the cache (the newer version wins). A page of a large list is a
/// thousand of these in one transaction, so the values are bound through SQLite's C API:
/// GRDB's `StatementArguments` boxes every value into an array first, and that was most of a
/// page's cache write.
extension SyncStorage {
    /// Cached, and looked up once per transaction: finding a cached statement hashes its whole text.
    static func upsertStatement(_ db: Database) throws -> Statement {
        try db.cachedStatement(
            sql: """
                INSERT INTO confirmed (id, name, address, createdAt, updatedAt, _version, _deleted, _lastChangedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET name = excluded.name, address = excluded.address,
                  createdAt = excluded.createdAt, updatedAt = excluded.updatedAt, _version = excluded._version,
                  _deleted = excluded._deleted, _lastChangedAt = excluded._lastChangedAt
                WHERE excluded._version >= confirmed._version
                """)
    }

    static func upsert(_ record: RealEstateProperty, with statement: Statement, in db: Database) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        bind(record.id, at: 1, of: handle)
        record.withTextsUTF8 { name, address in
            bind(name, at: 2, of: handle)
            bind(address, at: 3, of: handle)
        }
        bind(record.createdAt, at: 4, of: handle)
        bind(record.updatedAt, at: 5, of: handle)
        sqlite3_bind_int64(handle, 6, Int64(record.version))
        sqlite3_bind_int64(handle, 7, record.isDeleted ? 1 : 0)
        if let lastChangedAt = record.lastChangedAt {
            sqlite3_bind_int64(handle, 8, lastChangedAt)
        } else {
            sqlite3_bind_null(handle, 8)
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)  // lets go of the bound texts at once
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    /// SQLite copies the text (`SQLITE_TRANSIENT`): the Swift string need not outlive the call.
    private static func bind(_ value: String?, at index: Int32, of handle: SQLiteStatement) {
        guard var text = value else {
            sqlite3_bind_null(handle, index)
            return
        }
        text.withUTF8 { bytes in
            _ = sqlite3_bind_text(handle, index, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                  Int32(bytes.count), transient)
        }
    }

    private static func bind(_ id: PropertyID, at index: Int32, of handle: SQLiteStatement) {
        id.withUTF8 { bind($0, at: index, of: handle) }
    }

    private static func bind(_ text: UnsafeRawBufferPointer?, at index: Int32, of handle: SQLiteStatement) {
        guard let text else {
            sqlite3_bind_null(handle, index)
            return
        }
        // A text with no bytes may have no address, and SQLite takes a null pointer for null.
        let start = text.baseAddress ?? UnsafeRawPointer(emptyText.utf8Start)
        _ = sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(text.count), transient)
    }

    private static let emptyText: StaticString = ""
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
