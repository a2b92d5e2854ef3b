import AmplifyModels
import Foundation
import ScreenValues

/// What an import came to, for its last words on stderr and its exit code.
struct ImportSummary {
    /// A row waiting for the server's answer.
    struct Awaited {
        enum Kind { case create, update, queuedEarlier }
        var line: Int
        var kind: Kind
        /// With `--upsert`: the row's record, to update the one holding its key if the create is refused for it.
        var record: ModelRecordValue? = nil
    }

    typealias ModelRecordValue = ModelRecord

    var rows = 0
    var created = 0
    /// Held by the server before this run sent it (the cache knew it, or the server recognised
    /// its key and values: an earlier run sent it).
    var alreadyThere = 0
    /// Of those created, the rows an earlier run had queued in the outbox and this one sent.
    var queuedEarlier = 0
    var updated = 0
    var refusals: [(line: Int, message: String, conflict: Bool)] = []

    mutating func refuse(line: Int, _ message: String, conflict: Bool) {
        refusals.append((line, message, conflict))
    }

    var answeredText: String {
        "\(NumberText.grouped(created)) created, \(NumberText.grouped(alreadyThere)) already there, \(NumberText.grouped(updated)) updated, \(NumberText.grouped(refusals.count)) refused"
    }

    func text(file: String, model: String) -> String {
        var text = "imported \(NumberText.grouped(rows)) row\(rows == 1 ? "" : "s") of \(file) into \(model): "
            + "\(NumberText.grouped(created)) created"
            + (queuedEarlier > 0 ? " (\(NumberText.grouped(queuedEarlier)) of them queued by an earlier run and sent now)" : "")
            + ", \(NumberText.grouped(alreadyThere)) already there, \(NumberText.grouped(updated)) updated, \(NumberText.grouped(refusals.count)) refused"
        for refusal in refusals.sorted(by: { $0.line < $1.line }).prefix(100) {
            text += "\n  line \(refusal.line): \(refusal.conflict ? "conflict: " : "")\(refusal.message)"
        }
        if refusals.count > 100 { text += "\n  … and \(refusals.count - 100) more" }
        return text
    }

    /// Refused rows end the command with 3 (the server refused some), else 4 (conflicts only).
    var failure: ScriptFailure? {
        guard !refusals.isEmpty else { return nil }
        let code: ScriptExitCode = refusals.contains { !$0.conflict } ? .refused : .conflict
        return ScriptFailure(code, "\(refusals.count) row\(refusals.count == 1 ? " was" : "s were") refused (listed above)")
    }
}
