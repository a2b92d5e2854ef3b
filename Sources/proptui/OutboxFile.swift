import Foundation
import Glibc
import Logging
import SyncEngine

/// Which outbox and cache file the app uses: one per backend, so changes queued for
/// one API are never sent to another. The embedded server's port changes on every
/// start, so it is named for what it is, not by its URL.
enum OutboxFile {
    static func path(dataDirectory: String, endpoint: URL?) -> String {
        let folder = dataDirectory + "/outbox"
        guard let endpoint else { return folder + "/embedded.sqlite" }
        let host = (endpoint.host ?? "api").filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        return folder + "/\(host.prefix(60))-\(fingerprint(endpoint.absoluteString)).sqlite"
    }

    /// FNV-1a: stable across runs (Swift's `hashValue` is not), and only a file name.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// Opens the file for this process alone: two apps sending one outbox would each
    /// send the same changes. The lock goes with the process, also when it is killed.
    static func open(path: String) throws -> (SyncStorage, lock: Int32) {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            let refusal = SyncStorageError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
            Logger(label: "proptui.outbox").error("\(refusal)")
            throw refusal
        }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw OutboxInUse(path: path)
        }
        do {
            return (try SyncStorage(path: path), lock)
        } catch {
            close(lock)
            throw error
        }
    }
}

extension OutboxFile {
    /// The file for a script that only reads, without the lock (the app may hold it): what the
    /// app kept of the backend (its dialect, its row count). In memory when the file cannot be
    /// opened: a read needs nothing of it.
    static func openForReading(path: String) throws -> SyncStorage {
        let folder = (path as NSString).deletingLastPathComponent
        if (try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil,
            let storage = try? SyncStorage(path: path)
        {
            return storage
        }
        return try SyncStorage()
    }
}

struct OutboxInUse: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "another proptui is already running with this data directory against this server (it holds \(path)). "
            + "Use that one, or start this one with --data-dir pointing elsewhere."
    }
    /// For a script that changes records: the app holds the outbox its change would go through.
    var scriptDescription: String {
        "another proptui (the app?) is running with this data directory against this server and holds its outbox (\(path)): "
            + "quit it first, or make the change there. Reading (list, get, export) works beside it."
    }
}
