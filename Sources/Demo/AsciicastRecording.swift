/// An asciicast v2 recording (asciinema's format: a JSON header line, then one JSON array per
/// event), playable with `asciinema play` and asciinema's web player.
public struct AsciicastRecording: Sendable {
    public struct Event: Equatable, Sendable {
        public enum Kind: String, Sendable {
            /// What the program wrote.
            case output = "o"
            /// A named moment (a tape's `Screenshot`).
            case marker = "m"
        }

        /// Seconds since the recording started.
        public let time: Double
        public let kind: Kind
        public let data: String
    }

    public let width: Int
    public let height: Int
    public var title: String?
    public private(set) var events: [Event] = []
    /// The start of a UTF-8 character whose other bytes have not arrived yet.
    private var incomplete: [UInt8] = []

    public init(width: Int, height: Int, title: String? = nil) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// Output at `time` seconds. Bytes are held back until they end on a whole character, so
    /// every event is valid UTF-8 text, as the format requires.
    public mutating func output(_ bytes: [UInt8], at time: Double) {
        let all = incomplete + bytes
        let complete = Self.completeCharacterPrefix(all)
        incomplete = Array(all[complete...])
        guard complete > 0 else { return }
        events.append(Event(time: time, kind: .output, data: String(decoding: all[..<complete], as: UTF8.self)))
    }

    public mutating func marker(_ label: String, at time: Double) {
        events.append(Event(time: time, kind: .marker, data: label))
    }

    /// The file's text: the header, then an event per line.
    public func encoded() -> String {
        var header = "{\"version\": 2, \"width\": \(width), \"height\": \(height)"
        if let title { header += ", \"title\": \(Self.json(title))" }
        header += ", \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}"
        var lines = [header]
        for event in events {
            lines.append("[\(Self.seconds(event.time)), \"\(event.kind.rawValue)\", \(Self.json(event.data))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many leading bytes end on a character boundary (an incomplete tail of up to 3 bytes is left).
    static func completeCharacterPrefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        guard !bytes.isEmpty else { return 0 }
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > back { index = bytes.count - back }
            break
        }
        return index
    }

    /// Milliseconds are plenty for a player and keep the file small.
    static func seconds(_ time: Double) -> String {
        let milliseconds = Int((time * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// A JSON string: quotes, backslashes and every control character escaped.
    static func json(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
