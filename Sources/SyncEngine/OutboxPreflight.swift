import Foundation
import GRDB

/// Reads an existing outbox file without writing to it, before it is opened for writing:
/// opening for writing (WAL mode, migrations) may write pages, and a file that a newer build
/// wrote, or one with damaged pages, must come out of a refused start exactly as it went in.
enum OutboxPreflight {
    /// Up to this size the whole file is checked (SQLite's `quick_check`: about 0.05 s for 36 MB, 200,000 records, measured with Python's sqlite3);
    /// a larger file, a cache of hundreds of thousands of records, gets its outbox and
    /// bookkeeping tables checked, so that a start stays quick.
    static let wholeFileCheckBytes: Int64 = 32 << 20

    static func check(path: String, knownMigrations: DatabaseMigrator) throws(SyncStorageError) {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
        // No file (or an empty one) yet: nothing to keep safe.
        guard let size, size > 0 else { return }
        // A read-only connection to a WAL file makes an empty `-wal` and a `-shm` when they are
        // missing: those it made are removed again, so a refused file is left as it was found.
        let sideFiles = [path + "-wal", path + "-shm"].filter { !FileManager.default.fileExists(atPath: $0) }
        defer { for file in sideFiles { removeIfEmptyOrIndex(file) } }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "proptui.outbox.preflight"
        do {
            let reader = try DatabaseQueue(path: path, configuration: configuration)
            try reader.read { db in
                let problems = try quickCheck(db, whole: size <= wholeFileCheckBytes)
                guard problems.isEmpty else {
                    throw SyncStorageError.damaged(path: path, reason: "SQLite: " + problems.prefix(3).joined(separator: "; "))
                }
                if try knownMigrations.hasBeenSuperseded(db) {
                    let known = Set(try knownMigrations.completedMigrations(db))
                    let unknown = try knownMigrations.appliedIdentifiers(db).subtracting(known).sorted()
                    throw SyncStorageError.newerVersion(path: path, unknownMigrations: unknown)
                }
            }
            try reader.close()
        } catch let refusal as SyncStorageError {
            throw refusal
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw .damaged(path: path, reason: "SQLite: \(error.message ?? "\(error.resultCode)")")
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    private static func removeIfEmptyOrIndex(_ file: String) {
        let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value
        if file.hasSuffix("-shm") || size == 0 { try? FileManager.default.removeItem(atPath: file) }
    }

    /// SQLite's findings, empty when it says "ok".
    private static func quickCheck(_ db: Database, whole: Bool) throws -> [String] {
        guard !whole else { return try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" } }
        var problems: [String] = []
        for table in ["outbox", "meta", "grdb_migrations"] where try db.tableExists(table) {
            problems += try String.fetchAll(db, sql: "PRAGMA quick_check(\(table))").filter { $0 != "ok" }
        }
        return problems
    }
}
