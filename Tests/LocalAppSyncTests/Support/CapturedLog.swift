import Logging
import Synchronization

/// Collects the lines a `Logger` writes, so a test can read what the server logged.
final class CapturedLog: Sendable {
    private let storage = Mutex<[String]>([])

    var lines: [String] { storage.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test.requests", factory: { _ in Handler(sink: self) })
    }

    fileprivate func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            sink.append("\(event.message) \(event.metadata ?? [:])")
        }
    }
}
