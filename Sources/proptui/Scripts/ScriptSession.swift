import AmplifyModels
import AppSync
import ArgumentParser
import Foundation
import Glibc
import ModelFilters
import RecordExport
import SyncEngine

/// What `list`, `get` and `export` share: the backend opened as the app opens it (the same
/// config discovery, auth, models and data directory; the outbox file read without its lock, so
/// that a read runs beside the app), the model named, the API's dialect known, and every failure said on stderr (as JSON when asked) with its exit code.
struct ScriptSession {
    let opened: OpenedConnection
    let model: AmplifyModel
    let sync: ModelRecordSync
    let client: AppSyncClient

    /// Runs `body` over an opened session for `modelName`; any failure is said on stderr and
    /// ends the process with its code (`ScriptExitCode`). `errorsAsJSON`: one JSON object.
    /// `check` reads the arguments that depend on the model (`--fields`, `--filter`, keys):
    /// before anything starts when files describe the models, else once the API has.
    static func run(
        _ connection: ConnectionOptions, model modelName: String, errorsAsJSON: Bool,
        check: (AmplifyModel, ModelSchema) throws -> Void = { _, _ in },
        _ body: (ScriptSession) async throws -> ScriptExitCode
    ) async throws {
        let code: ScriptExitCode
        do {
            code = try await withSession(connection, model: modelName, check: check, body)
        } catch {
            say(error, asJSON: errorsAsJSON)
            throw ScriptFailure.code(of: error).exitCode
        }
        if code != .success { throw code.exitCode }
    }

    /// A failure's line on stderr.
    static func say(_ error: any Error, asJSON: Bool) {
        let code = ScriptFailure.code(of: error)
        say(ScriptFailure.message(of: error), code: code, asJSON: asJSON)
    }

    static func say(_ message: String, code: ScriptExitCode, asJSON: Bool) {
        FileHandle.standardError.write(Data(ScriptMessages.errorLine(message, code: code.rawValue, asJSON: asJSON).utf8))
    }

    private static func withSession(
        _ connection: ConnectionOptions, model modelName: String, check: (AmplifyModel, ModelSchema) throws -> Void,
        _ body: (ScriptSession) async throws -> ScriptExitCode
    ) async throws -> ScriptExitCode {
        let resolved = try ResolvedConnection(connection, environment: ProcessInfo.processInfo.environment)
        // A model no file has, a field or a filter of it that is wrong: said before a server
        // starts or the data directory is written.
        switch resolved.shown {
        case .models(let schema, _): try check(try model(modelName, in: schema, isSample: false), schema)
        case .sample: try check(try model(modelName, in: .realEstateProperty, isSample: true), .realEstateProperty)
        case .askTheAPI: break
        }
        let opened = try await resolved.open(for: .reads)
        do {
            let model = try opened.model(named: modelName, option: "MODEL")
            if case .askTheAPI = resolved.shown { try check(model, opened.schema) }
            let layout = try RecordLayout(model: model, schema: opened.schema)
            let client = AppSyncClient(configuration: opened.backend.configuration, authorizer: opened.backend.authorizer)
            let dialect = try await dialect(of: opened, layout: layout, client: client)
            let session = ScriptSession(
                opened: opened, model: model, sync: ModelRecordSync(layout: layout, dialect: dialect.documentDialect), client: client)
            let code = try await body(session)
            _ = await opened.close()
            return code
        } catch {
            _ = await opened.close()
            throw error
        }
    }

    private static func model(_ name: String, in schema: ModelSchema, isSample: Bool) throws(UsageProblem) -> AmplifyModel {
        if let model = schema.model(named: name) { return model }
        throw UsageProblem(
            "no model \(name): the models are \(schema.models.map(\.name).joined(separator: ", "))"
                + (isSample ? " (give --models FILE for yours)" : ""))
    }

    /// The API's dialect: as kept with its outbox, else as its start says (the embedded server
    /// serving your models speaks Gen 2's), else asked of it once and kept as the app keeps it.
    private static func dialect(of opened: OpenedConnection, layout: RecordLayout, client: AppSyncClient) async throws -> APIDialect {
        if let kept = try? opened.storage.dialect() { return kept }
        if let hint = opened.dialectHint { return hint }
        let api = AppSyncModelAPI(client: client, model: ModelRecordSync(layout: layout, dialect: .versioned))
        // Introspection turned off: the versioned dialect's reads are the safe guess (they see
        // tombstones, and a plain API refuses them as invalid, which is said).
        guard let description = try await api.describe() else { return .versioned }
        let dialect = try description.dialect().get()
        try? opened.storage.setDialect(dialect)
        return dialect
    }

    /// About how many records the model has, as the app's cache of this backend last counted
    /// them (AppSync gives no count); nil when it never read them.
    func cachedCount() -> Int? {
        guard let count = try? opened.storage.cache(for: sync.layout).loadStart(firstBatch: 0).snapshot.cachedCount, count > 0 else {
            return nil
        }
        return count
    }

    /// The columns: `--fields`, else every field the model's answers hold.
    func columns(_ fields: String?) throws -> ExportColumns {
        try Self.columns(fields, model: model, schema: opened.schema)
    }

    static func columns(_ fields: String?, model: AmplifyModel, schema: ModelSchema) throws -> ExportColumns {
        guard let fields else { return ExportColumns(model: model, schema: schema) }
        return try ExportColumns(model: model, schema: schema, named: fields)
    }

    /// `--filter`'s query, planned as the app plans a view; every item without one.
    func query(filter: String?) throws -> RecordQuery {
        guard let expression = try Self.filter(filter, model: model, schema: opened.schema) else { return RecordQuery(sync: sync, source: .all) }
        return RecordQuery.planning(expression, sync: sync)
    }

    /// `--filter` read and checked (nil: none, or only blanks), a mistake said with its place.
    static func filter(_ text: String?, model: AmplifyModel, schema: ModelSchema) throws -> FilterExpression? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try FilterParser.parse(text, fields: FilterFields(model: model, schema: schema))
        } catch {
            throw ScriptUsage.filter(text, error)
        }
    }

    /// What list and export check before anything starts: `--fields` and `--filter`.
    static func checking(fields: String?, filter: String?) -> (AmplifyModel, ModelSchema) throws -> Void {
        { model, schema in
            _ = try columns(fields, model: model, schema: schema)
            _ = try Self.filter(filter, model: model, schema: schema)
        }
    }
}

/// `--format` on the command line.
extension OutputFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

extension OutputFormat {
    /// Errors are one JSON object on stderr when the output is JSON a program reads.
    var errorsAsJSON: Bool { self == .json || self == .ndjson }
}

/// Whether stdout or stderr is a terminal.
enum Terminals {
    static var stdout: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderr: Bool { isatty(STDERR_FILENO) == 1 }

    /// Stdout's terminal's width in columns, when it is one that says.
    static var stdoutColumns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
