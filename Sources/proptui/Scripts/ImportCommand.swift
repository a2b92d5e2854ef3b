import ArgumentParser
import Foundation
import ScriptChanges

/// `proptui import MODEL FILE [--skip-invalid [--report FILE]] [--upsert]`
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a file's rows (NDJSON, CSV with a header row, or a JSON array) through the outbox, each sent exactly once.",
        discussion: """
            Every row is checked first, as the app's form checks a new record, and every problem is said with its line and \
            field; nothing is sent while a row fails, unless --skip-invalid. Then every row is kept in the outbox with its \
            key (a row without one, of a model keyed by id, gets a key made from its values, the same every time), so that \
            an import stopped at any point (even killed) and run again with the same file sends each row exactly once, and \
            says how many were already there.


            """ + ScriptExitCode.helpText)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The model.") var model: String
    @Argument(help: "The file: NDJSON (.ndjson, .jsonl), CSV with a header row (.csv) or a JSON array (.json).") var file: String
    @Option(help: "The file's format (ndjson, csv or json), when its extension or first character does not say.") var format: String?
    @Flag(name: .customLong("skip-invalid"), help: "Import the rows that pass the checks; the others are written to the report.")
    var skipInvalid = false
    @Option(help: "With --skip-invalid: where the skipped rows go, one NDJSON line each with its line and problems (default: FILE.skipped.ndjson).")
    var report: String?
    @Flag(help: "Update the records whose key exists (refused as a conflict when someone else changed a field meanwhile) instead of refusing those rows.")
    var upsert = false
    @Option(help: "Rows kept in the outbox per transaction.") var batch = 500
    @Option(help: ArgumentHelp(
        "Rows on the wire at once (1 to 64).",
        discussion: "Rows sent together reach the server in any order, so the createdAt of rows close together in the file may not keep its order; --parallel 1 keeps it."))
    var parallel = 16
    @Option(help: "Seconds without any answer from the server before the import stops waiting (the rows stay in the outbox).")
    var timeout: Double = 120

    func validate() throws {
        if report != nil, !skipInvalid { throw ValidationError("--report goes with --skip-invalid") }
        guard batch > 0 else { throw ValidationError("--batch must be 1 or more") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0") }
        guard (1...64).contains(parallel) else { throw ValidationError("--parallel must be from 1 to 64") }
    }

    func run() async throws {
        try await ScriptErrorOutput(format: nil).run {
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw ScriptFailure(.failure, "\(file) cannot be read: \(error.localizedDescription)")
            }
            let fileFormat = try ImportFormat.of(path: file, bytes: bytes, given: format)
            let session = try await ChangeSession.open(connection, model: model, parallelCreates: parallel == 1 ? nil : parallel)
            let importer = Importer(
                session: session, bytes: bytes, format: fileFormat, file: file, upsert: upsert, batch: batch,
                stallTimeout: .milliseconds(Int(timeout * 1000)))
            let summary: ImportSummary
            do {
                // Refused by the model's rules before any row is read: a real API would refuse them all.
                try session.checkAllowed(.create)
                if upsert { try session.checkAllowed(.update) }
                let checked = try importer.check(skipInvalid: skipInvalid, report: report ?? file + ".skipped.ndjson")
                summary = try await importer.queueAndSend(skipping: checked.invalidLines)
            } catch {
                _ = await session.close(drainFor: .zero)
                throw error
            }
            _ = await session.close()
            ScriptErrorOutput.note(summary.text(file: file, model: model))
            if let failure = summary.failure { throw failure }
        }
    }
}
