import Foundation
import Glibc
import LocalAppSync

/// One server per data directory: `proptui serve` and the app's embedded server take an
/// exclusive `flock` on `proptui.lock` in the server's folder and hold it while they run.
/// A second one refuses to start, naming the process that holds it, instead of serving
/// the same database beside it (its clients would never hear the other's changes).
/// The kernel drops the lock when the process ends, however it ends.
final class DataDirectoryLock: Sendable {
    let path: String
    private let descriptor: Int32

    struct InUse: Error, CustomStringConvertible {
        let directory: String
        let holder: String?
        var description: String {
            "the data directory \(directory) is in use by another proptui\(holder.map { " (pid \($0))" } ?? ""); "
                + "stop it, or give another --data-dir"
        }
    }

    /// Takes the lock on `directory` (creating it owner-only if needed), or throws `InUse`.
    init(directory: String) throws {
        _ = try DataDirectory.prepare(directory)
        path = (directory as NSString).appendingPathComponent("proptui.lock")
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DataDirectoryProblem(path: directory, errno: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw InUse(directory: directory, holder: holder?.isEmpty == false ? holder : nil)
        }
        // Who holds it, for the message a second one prints.
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
