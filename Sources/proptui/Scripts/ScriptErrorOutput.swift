import ArgumentParser
import Foundation
import RecordExport
import ScriptChanges

/// How a script command ends when it does not succeed: its exit code and what stderr says.
struct ScriptFailure: Error, CustomStringConvertible {
    var code: ScriptExitCode
    var message: String

    init(_ code: ScriptExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }

    init(_ problem: ScriptProblem) {
        switch problem {
        case .usage(let message): self.init(.usage, message)
        case .invalidData(let message): self.init(.invalidData, message)
        }
    }
}

/// Where a script command's errors go: stderr, as a sentence, or as one JSON object
/// (`{"error": "…", "code": 4}`) when `--format json` or `ndjson` asks for machine output.
struct ScriptErrorOutput {
    var asJSON: Bool

    init(format: String?) {
        asJSON = format == "json" || format == "ndjson"
    }

    func say(_ message: String, code: ScriptExitCode) {
        FileHandle.standardError.write(Data(ScriptMessages.errorLine(message, code: code.rawValue, asJSON: asJSON).utf8))
    }

    /// A note on stderr that is not an error (the change kept in the outbox, a summary): as text
    /// always, since `--format` says how records and errors are written.
    static func note(_ message: String) {
        // A server's reason or a file's value may hold escape sequences: written, never run.
        FileHandle.standardError.write(Data(("proptui: " + ScriptMessages.text(message) + "\n").utf8))
    }

    /// Runs a script command's body and ends the process with its code: any error is said once,
    /// on stderr, with the code scripts can tell apart.
    func run(_ body: () async throws -> Void) async throws {
        let code: ScriptExitCode
        do {
            try await body()
            return
        } catch {
            // Every kind of failure is told apart by its type (`ScriptFailure.code(of:)`).
            code = ScriptFailure.code(of: error)
            say(ScriptFailure.message(of: error), code: code)
        }
        throw code.exitCode
    }
}
