import Foundation

/// Why a data directory cannot be used, said as a sentence with the path and what to do, for
/// `proptui` and `proptui serve` alike, instead of Foundation's codes
/// (`NSCocoaErrorDomain Code=642`, "error 512").
public struct DataDirectoryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot use the data directory \(path): \(reason)" }

    /// Creates `path` (owner-only: it holds keys) when it is missing, and checks that it can be
    /// written, so that a directory that cannot be used is said before anything is started.
    public static func prepare(_ path: String) throws(DataDirectoryProblem) {
        // Folder by folder with mkdir(2), for its errno: Foundation's errors carry codes of
        // their own (642, 512) whose POSIX cause is not always reachable.
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) {
                guard isFolder.boolValue else { throw DataDirectoryProblem(path: path, errno: index == components.count - 1 ? EEXIST : ENOTDIR) }
                continue
            }
            guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else { throw DataDirectoryProblem(path: path, errno: errno) }
        }
        // It exists: can files be made in it? (A read-only disk or folder passes the above.)
        guard access(path, W_OK | X_OK) == 0 else { throw DataDirectoryProblem(path: path, errno: errno) }
    }

    public init(path: String, errno code: Int32) {
        self.path = path
        reason = Self.reason(errno: code, path: path)
    }

    static func reason(errno code: Int32, path: String) -> String {
        switch code {
        case EROFS:
            "it is on a read-only file system. Give --data-dir a folder on a writable disk, such as one under your home folder."
        case EACCES, EPERM:
            "you have no permission to write there. Give --data-dir a folder you can write, or make it writable (chmod u+w '\(path)')."
        case ENOTDIR:
            "\(firstFile(on: path) ?? "a part of it") is a file, not a folder. Give --data-dir a path that does not pass through a file, or move that file away."
        case EEXIST:
            "it is a file, not a folder. Give --data-dir a folder, or move the file away."
        case ENOSPC, EDQUOT:
            "the disk is full. Free some space, or give --data-dir a folder on another disk."
        default:
            "\(String(cString: strerror(code))). Give --data-dir another folder."
        }
    }

    /// The first component of `path` that exists and is not a folder.
    private static func firstFile(on path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) else { return nil }
            if !isFolder.boolValue { return prefix }
        }
        return nil
    }
}
