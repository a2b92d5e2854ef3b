import GRDB
import GRDBSQLite

/// The cache keeps an id as its text, as the server sends it.
extension PropertyID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { text.databaseValue }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> PropertyID? {
        String.fromDatabaseValue(value).map { PropertyID($0) }
    }

    /// Read from the column's bytes: a UUID makes no string (a start reads a million of them).
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let text = sqlite3_column_text(sqliteStatement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        self.init(utf8: UnsafeRawBufferPointer(start: text, count: count))
    }
}
