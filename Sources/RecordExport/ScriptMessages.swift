import JSONValues
import ScreenValues

/// What a script command says on stderr when it fails: the message alone, or with
/// `--format json`/`ndjson` one JSON object a program reads, `{"error": "…", "code": N}`.
public enum ScriptMessages {
    public static func errorLine(_ message: String, code: Int32, asJSON: Bool) -> String {
        // A server's message may hold escape sequences: written as `\u{1B}`, never run by the terminal.
        guard asJSON else { return "proptui: \(text(message))\n" }
        var bytes: [UInt8] = []
        JSONWriter.append(.object(["error": .string(message), "code": .int(Int64(code))]), sortedKeys: true, to: &bytes)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A message as text for stderr: its lines kept (a problem a line, a filter's caret under its
    /// place), every other control character written as `\u{…}`, never run.
    public static func text(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
    }
}
