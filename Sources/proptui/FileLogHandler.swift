import Foundation
import Logging
import Synchronization

/// swift-log to a file: logs must never reach the terminal while curses owns it.
/// One line per message; the file is created with mode 0600.
struct FileLogHandler: LogHandler {
    /// The open file, shared by every logger of the process.
    final class Sink: Sendable {
        private let handle: Mutex<FileHandle>

        init(path: String) throws {
            let manager = FileManager.default
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
                }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            handle.seekToEndOfFile()
            self.handle = Mutex(handle)
        }

        func write(_ line: String) {
            handle.withLock { $0.write(Data(line.utf8)) }
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
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
        sink.write("\(time) \(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)\n")
    }
}
