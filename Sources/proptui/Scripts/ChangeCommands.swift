import AmplifyModels
import ArgumentParser
import Foundation
import RecordExport
import ScriptChanges

/// What `create`, `update` and `delete` share: the backend, the model, how the result and the
/// errors are written, and how long to wait for the server.
struct ChangeOptions: ParsableArguments {
    @Option(help: "How errors are written on stderr: text (the default), or json/ndjson for one JSON object ({\"error\": …, \"code\": N}). The record is always one NDJSON line.")
    var format: String?

    @Flag(help: "Print nothing on stdout (the exit code says how it went).")
    var quiet = false

    @Option(help: "Seconds to wait for the server's answer; past it, the change stays in the outbox (exit 75).")
    var timeout: Double = 60

    func validate() throws {
        if let format, !["text", "json", "ndjson"].contains(format) { throw ValidationError("--format must be text, json or ndjson") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0") }
    }

    var errors: ScriptErrorOutput { ScriptErrorOutput(format: format) }
}

/// `proptui create MODEL --set field=value … | --json OBJECT`
struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a record through the outbox, and print it as the server confirmed it (one NDJSON line).",
        discussion: "Values are checked as the app's form checks them: --set takes text as typed into the form, --json values in their wire form.\n\n"
            + ScriptExitCode.helpText)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var change: ChangeOptions
    @Argument(help: "The model.") var model: String
    @Option(name: .customLong("set"), help: "field=value (repeat for each field).") var assignments: [String] = []
    @Option(help: "The record as one JSON object, instead of --set.") var json: String?

    func validate() throws {
        if json != nil, !assignments.isEmpty { throw ValidationError("give --set or --json, not both") }
        if json == nil, assignments.isEmpty { throw ValidationError("give the fields with --set field=value, or --json OBJECT") }
    }

    func run() async throws {
        try await change.make(connection, model: model) { _, values, change in
            let record = try json.map { text throws(ScriptProblem) in try values.newRecord(json: text) }
                ?? values.newRecord(setting: FieldAssignment.parse(assignments, option: "--set"))
            return try await change.create(record)
        }
    }
}

/// `proptui update MODEL KEY... --set field=value … [--expect field=value …]`
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change fields of a record through the outbox; refused, never overwritten, when someone else changed it.",
        discussion: """
            KEY is the record's key: its values in the primary key's field order (one for a model keyed by id), or field=value pairs. \
            The record is read from the server first; a field not holding its --expect value is a conflict (exit 4), \
            and so is a change of the fields set by someone else before the update reaches the server.


            """ + ScriptExitCode.helpText)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var change: ChangeOptions
    @Argument(help: "The model.") var model: String
    @Argument(help: "The record's key: its values in the primary key's field order, or field=value pairs.") var key: [String]
    @Option(name: .customLong("set"), help: "field=value to set (repeat for each field).") var assignments: [String] = []
    @Option(help: "field=value the record must hold now (repeat for each field).") var expect: [String] = []

    func run() async throws {
        try await change.make(connection, model: model) { session, values, change in
            let recordKey = try KeyArguments.key(key, model: session.layout.model, schema: session.opened.schema)
            let patch = try values.patch(setting: FieldAssignment.parse(assignments, option: "--set"))
            let expected = try values.expectations(FieldAssignment.parse(expect, option: "--expect"))
            return try await change.update(recordKey, patch, expecting: expected)
        }
    }
}

/// `proptui delete MODEL KEY... [--expect field=value …]`
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a record through the outbox, and print it as it was (one NDJSON line; on the versioned dialect with _deleted true and the tombstone's _version).",
        discussion: "KEY is the record's key: its values in the primary key's field order, or field=value pairs.\n\n" + ScriptExitCode.helpText)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var change: ChangeOptions
    @Argument(help: "The model.") var model: String
    @Argument(help: "The record's key: its values in the primary key's field order, or field=value pairs.") var key: [String]
    @Option(help: "field=value the record must hold now (repeat for each field).") var expect: [String] = []

    func run() async throws {
        try await change.make(connection, model: model) { session, values, change in
            let recordKey = try KeyArguments.key(key, model: session.layout.model, schema: session.opened.schema)
            let expected = try values.expectations(FieldAssignment.parse(expect, option: "--expect"))
            return try await change.delete(recordKey, expecting: expected)
        }
    }
}

/// The script commands that change records, as the root command lists them.
enum ScriptWriteCommands {
    static let all: [any ParsableCommand.Type] = [CreateCommand.self, UpdateCommand.self, DeleteCommand.self, ImportCommand.self]
}

extension ChangeOptions {
    /// One change of one record: the model's session opened, the change `body` makes sent and
    /// waited for, its outcome said (and the session closed, also when `body` fails).
    func make(
        _ connection: ConnectionOptions, model: String,
        _ body: (ChangeSession, ChangeValues, ScriptChange) async throws -> ChangeOutcome
    ) async throws {
        try await errors.run {
            let session = try await ChangeSession.open(connection, model: model)
            let outcome: ChangeOutcome
            do {
                outcome = try await body(session, ChangeValues(layout: session.layout), ScriptChange(session: session, options: self))
            } catch {
                await ScriptChange.closeAfterFailure(session)
                throw error
            }
            try await outcome.finish(session, options: self)
        }
    }
}
