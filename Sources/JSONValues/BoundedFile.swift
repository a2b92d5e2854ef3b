import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file given by the user (a models file, a config or outputs file) holding at most
/// `maximumBytes` of it, whatever the path names: a regular file, one still growing while it is
/// read, a FIFO or a process substitution (`--models <(…)`), `/dev/zero`, a terminal. At most
/// `maximumBytes + 1` bytes are ever read, so "too large" is known without reading on.
///
/// What is not a regular file is read as it comes, and refused when nothing arrives for
/// `idleTimeout` (a FIFO no one writes to would otherwise wait forever: opening it for reading
/// does not wait for a writer, and Linux's `poll` waits for one's first bytes).
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What `open` or `read` said ("No such file or directory", "Permission denied").
        case unreadable(String)
        case isDirectory
        case tooLarge(maximumBytes: Int)
        /// A FIFO or a device that gave nothing for this long.
        case nothingArrived(Duration)

        public var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .isDirectory: String(cString: strerror(EISDIR))
            case .tooLarge(let maximum): "it holds more than \(BoundedFile.size(maximum)), the most read"
            case .nothingArrived(let wait): "nothing came from it for \(wait.components.seconds) s (a FIFO no one writes to?)"
            }
        }
    }

    /// What one description file may hold: `DescriptionLimits`' 64 MB.
    public static let defaultMaximumBytes = 64 * 1024 * 1024
    public static let defaultIdleTimeout: Duration = .seconds(10)

    public static func read(
        _ path: String, maximumBytes: Int = defaultMaximumBytes, idleTimeout: Duration = defaultIdleTimeout
    ) throws(Failure) -> Data {
        // Not blocking: a FIFO's open would wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw .isDirectory }
        let waits = kind != S_IFREG
        let idleMilliseconds = Int32(clamping: idleTimeout.components.seconds * 1000 + idleTimeout.components.attoseconds / 1_000_000_000_000_000)
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            if waits {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, idleMilliseconds)
                if ready < 0, errno == EINTR { continue }
                if ready < 0 { throw .unreadable(String(cString: strerror(errno))) }
                if ready == 0 { throw .nothingArrived(idleTimeout) }
            }
            let wanted = min(chunk.count, maximumBytes + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > maximumBytes { throw .tooLarge(maximumBytes: maximumBytes) }
        }
    }

    /// 67108864 as "64 MB"; a size that is not whole megabytes in bytes.
    static func size(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes) bytes"
    }
}
