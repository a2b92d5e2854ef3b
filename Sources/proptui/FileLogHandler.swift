import Foundation
import Glibc
import Logging
import ScreenValues
import Synchronization

/// swift-log to a file: logs must never reach the terminal while curses owns it.
/// One line per message; the file is created with mode 0600.
///
/// What a line holds can come from the server (an error's message, a record's name): every
/// control character in it is written escaped (`\u{1B}`, `TerminalText.escaped`), so that
/// `tail -f` of the log runs no escape sequence and a line break cannot forge a line.
struct FileLogHandler: LogHandler {
    /// The open file, shared by every logger of the process.
    final class Sink: Sendable {
        /// Opened for appending (O_APPEND): each line is one write at the end of the file as it
        /// is then, so that two processes writing one log add their lines, never overwrite them.
        private let descriptor: Mutex<Int32>

        init(path: String) throws {
            let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard opened >= 0 else {
                // Said as what it is: a missing folder is not a question of permission.
                let code = errno
                let kind: CocoaError.Code =
                    code == ENOENT ? .fileNoSuchFile : code == EACCES || code == EPERM ? .fileWriteNoPermission : .fileWriteUnknown
                throw CocoaError(kind, userInfo: [
                    NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO),
                ])
            }
            descriptor = Mutex(opened)
        }

        deinit {
            descriptor.withLock { _ = close($0) }
        }

        func write(_ line: String) {
            descriptor.withLock { descriptor in
                var bytes = Array(line.utf8)[...]
                while !bytes.isEmpty {
                    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    bytes = bytes.dropFirst(written)
                }
            }
        }
    }

    let label: String
    let sink: Sink
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        sink.write(Self.line(
            time: Date().formatted(.iso8601.time(includingFractionalSeconds: true)), level: event.level, label: label,
            message: "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
    }

    /// One log line, every part escaped.
    static func line(time: String, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = "\(time) \(level) \(label): \(message)\(fields.isEmpty ? "" : " " + fields)"
        return TerminalText.escaped(text) + "\n"
    }
}
