import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where rows go: stdout, or a file written safely. A file is written under a temporary name
/// beside it (`.NAME.proptui-XXXXXX`, mode 0644 less the umask), synced and renamed over NAME
/// only once every row is in: a failed or interrupted export never leaves half a file under
/// the name, and a file already there stays as it was until the new one is whole.
public final class OutputFile {
    public let path: String?
    private let descriptor: Int32
    private let temporaryPath: String?
    private var finished = false

    /// Stdout.
    public init() {
        path = nil
        descriptor = STDOUT_FILENO
        temporaryPath = nil
    }

    /// A file, written under a temporary name until `commit`.
    public init(path: String) throws(OutputFileError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw OutputFileError("\(path) is a folder: give the file to write")
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".proptui-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputFileError("cannot write in \(folder): \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes it 0600; an export is a file like any other.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes every byte (a pipe takes them in parts); the reader having gone away (`head`)
    /// is `OutputFileError.readerGone`.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .readerGone }
                throw OutputFileError("cannot write \(path ?? "to stdout"): \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// The file synced and given its name (stdout: nothing to do).
    public func commit() throws(OutputFileError) {
        guard let temporaryPath, let path else { return }
        finished = true
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputFileError("cannot write \(path): \(reason); nothing was written under that name")
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputFileError("cannot name the export \(path): \(reason); nothing was written under that name")
        }
    }

    /// The temporary file removed: the export failed, and nothing takes the name.
    public func discard() {
        guard let temporaryPath, !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
    }
}

/// Why rows could not be written.
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
    /// The pipe's reader closed it (`proptui export … | head`): not a failure of the export.
    public static let readerGone = OutputFileError("the reader of the output went away")
}
