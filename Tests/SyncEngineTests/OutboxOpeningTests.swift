import AmplifyModels
import Foundation
import GRDB
import Logging
import OptimisticStore
import Synchronization
import Testing
@testable import SyncEngine

/// An outbox that this build must not write: one a newer proptui wrote, one with damaged pages.
/// Each is refused before a byte of it changes, and the refusal is logged with the file's path
/// and a way out that keeps it.
@Suite struct OutboxOpeningTests {
    /// A file with a cache of `rows` records and one pending operation, closed (checkpointed).
    func outbox(rows: Int = 300) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proptui-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("outbox.sqlite").path
        let records = (0..<rows).map { property("p\($0)", name: "Property \($0) " + String(repeating: "x", count: 80), version: 1) }
        let cache = try SyncStorage(path: path).sampleCache()
        try cache.replaceConfirmed(with: records, refreshedAt: Date())
        let store = OptimisticStore<ModelRecord>(confirmed: records)
        let rename = store.apply(.update("p1", propertyPatch(name: "Renamed"))).operation
        try cache.append(try #require(store.operation(rename)))
        return path
    }

    /// Writes to the file with SQLite directly, as another program (a newer build) would.
    func execute(_ sql: String, on path: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { try $0.execute(sql: sql) }
        try database.close()
    }

    /// Overwrites bytes in the middle of the file, as a bad disk or a stray write would.
    func damage(_ path: String, at offset: UInt64, with bytes: Data) throws {
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try file.seek(toOffset: offset)
        try file.write(contentsOf: bytes)
        try file.close()
    }

    /// The file and its WAL, byte for byte.
    func contents(_ path: String) -> [Data?] {
        [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) }
    }

    /// Opening `path` is refused with an error whose text `says` holds, not a byte of the file or
    /// its WAL changes, and the refusal is logged once with the path. Returns the log.
    @discardableResult
    func expectRefusedUntouched(
        _ path: String, sourceLocation: SourceLocation = #_sourceLocation, errorSays says: (String) -> Bool
    ) -> LogCapture {
        let before = contents(path)
        let log = LogCapture()
        #expect(sourceLocation: sourceLocation) {
            try SyncStorage(path: path, logger: log.logger)
        } throws: { error in
            says("\(error)")
        }
        #expect(contents(path) == before, sourceLocation: sourceLocation)
        #expect(log.messages.count == 1, sourceLocation: sourceLocation)
        #expect(log.messages.first?.contains(path) == true, sourceLocation: sourceLocation)
        return log
    }

    @Test func anOutboxFromANewerBuildIsRefusedAndNotWritten() throws {
        let path = try outbox()
        try execute("insert into grdb_migrations values ('v9-from-the-future')", on: path)
        let log = expectRefusedUntouched(path) { text in
            text.contains("newer proptui") && text.contains(path) && text.contains("v9-from-the-future")
        }
        #expect(log.messages.first?.contains("mv '\(path)' '\(path).aside'") == true)
    }

    @Test func anOutboxWithDamagedPagesIsRefusedBeforeAnyWrite() throws {
        let path = try outbox()
        // Garbage over the middle of the file (the cache's pages), as a bad disk or a stray write leaves it.
        try damage(path, at: 4096 * 4, with: Data(repeatElement(Data([0xde, 0xad, 0xbe, 0xef]), count: 2048).joined()))
        expectRefusedUntouched(path) { text in
            text.contains("damaged") && text.contains(path) && text.lowercased().contains("move it aside")
        }
    }

    @Test func everyFailureToOpenIsLoggedWithThePath() throws {
        let log = LogCapture()
        let path = "/proc/proptui-cannot-be-here/outbox.sqlite"
        #expect(throws: SyncStorageError.self) { try SyncStorage(path: path, logger: log.logger) }
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains(path) == true)
    }

    @Test func aSoundOutboxStillOpensWithItsOperations() throws {
        let path = try outbox()
        let kept = try SyncStorage(path: path).sampleCache().load()
        #expect(kept.pending.count == 1)
        #expect(kept.confirmed.count == 300)
    }
}

/// The messages logged at error level, for one test.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])
    var messages: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test.outbox") { _ in Handler(capture: self) }
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.level >= .error else { return }
            capture.lines.withLock { $0.append(event.message.description) }
        }
    }
}
