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
            let holder = Self.lines(of: path).first
            close(descriptor)
            throw InUse(directory: directory, holder: holder?.isEmpty == false ? holder : nil)
        }
        // Who holds it, for the message a second one prints.
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    /// Says, after the pid, where the server that holds the lock answers: a script started over
    /// the same data directory (`proptui list`, beside the app) uses it instead of refusing.
    func announce(graphQLEndpoint: String) {
        let text = "\(getpid())\n\(graphQLEndpoint)\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// The GraphQL endpoint of the server running over `directory`, as it announced it; nil
    /// when none runs (the lock is free) or it said none.
    static func runningServer(directory: String) -> URL? {
        let path = (directory as NSString).appendingPathComponent("proptui.lock")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else { return nil }  // taken: nobody holds it
        let lines = lines(of: path)
        guard lines.count >= 2, let url = URL(string: lines[1]), url.scheme == "http",
              ["127.0.0.1", "localhost", "::1"].contains(url.host ?? "") else { return nil }
        return url
    }

    private static func lines(of path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    deinit { close(descriptor) }
}
