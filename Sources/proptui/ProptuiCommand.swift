import AmplifyModels
import AppSync
import ArgumentParser
import Foundation
import LocalAppSync
import ModelBrowser
import Logging
import SyncEngine
import Terminal

/// `proptui`: the app by default, `proptui serve` for the server alone. The root
/// declares no options of its own: ArgumentParser hands an option named in both a
/// parent and a subcommand to the parent (apple/swift-argument-parser#169), and the
/// app and `serve` both take --data-dir, --api-key, --latency and --fail-rate.
@main
struct ProptuiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proptui",
        abstract: "Manage a list of real estate properties, with optimistic UI done right.",
        version: ProptuiVersion.current,
        subcommands: [AppCommand.self, Serve.self] + ScriptReadCommands.all + ScriptWriteCommands.all + [DemoCommand.self, SigV4SignCommand.self],
        defaultSubcommand: AppCommand.self)

    /// `proptui --help` explains the app's options (what `proptui` alone runs), then the
    /// subcommands; ArgumentParser alone would list only the subcommands.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first?.hasPrefix("--generate-completion-script") == true {
            await CompletionScriptCommand.main(arguments)  // completes the app's options too; see there
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            print(helpMessage(for: AppCommand.self).replacingOccurrences(of: "USAGE: proptui app ", with: "USAGE: proptui [app] "))
            print("""

                SUBCOMMANDS:
                  app (default)           The terminal app, with the options above.
                  serve                   Run the embedded AppSync-compatible server alone
                                          (see 'proptui serve --help').
                  list MODEL              Print a model's records, those of --filter: a table on a
                                          terminal, else NDJSON (see 'proptui list --help').
                  get MODEL KEY...        Print the records of these keys ('proptui get --help').
                  export MODEL            Write a model's records as NDJSON, CSV or JSON, page by
                                          page, to --output FILE or stdout ('proptui export --help').
                  demo                    Play a demo tape and record it (see 'proptui demo --help').
                  create MODEL            Create a record (--set field=value…, or --json OBJECT).
                  update MODEL KEY...     Change fields of a record, refused if someone else changed
                                          them since --expect or since it was read.
                  delete MODEL KEY...     Delete a record, with the same conflict check.
                  import MODEL FILE       Create (or --upsert) records from NDJSON, CSV or JSON, each
                                          sent exactly once through the outbox, even when killed
                                          and run again ('proptui import --help').

                FILES:
                  data                    \(DataDirectory.resolve(nil))
                                          ($XDG_DATA_HOME/proptui, else ~/.local/share/proptui; --data-dir)
                  log                     \(StateDirectory.resolve())/proptui.log
                                          ($XDG_STATE_HOME/proptui, else ~/.local/state/proptui; --log-file)
                """)
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let problem as UsageProblem {
            FileHandle.standardError.write(Data("Error: \(problem)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}

/// The app started without a terminal (a pipe, a cron job): said before anything starts.
struct NoTerminal: Error, CustomStringConvertible {
    var description: String { "proptui needs a terminal: stdin and stdout must be a tty (for the server alone, run proptui serve)" }
}

/// A mistake in how proptui was started that is not about the options' syntax (a port or
/// a data directory already in use): the usage exit code (64) and the message alone,
/// without the usage text ArgumentParser adds to a `ValidationError`.
struct UsageProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The terminal app (the default subcommand: `proptui` alone runs it).
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Manage a list of real estate properties, with optimistic UI done right (the default).",
        discussion: """
            Every change is on screen in the same frame as the key press; the GraphQL \
            mutation runs in the background against an AWS AppSync-compatible API, and a \
            change the server rejects is reverted with the reason on the status line.

            With no --endpoint or --config, proptui starts its embedded AppSync-compatible \
            server on 127.0.0.1 and keeps its data in the data directory. Press ? in the app \
            for every key. With the embedded server, the keys under "Simulation" change the \
            injected failure rate (F) and latency (L) while it runs, so a demo can show a \
            revert on cue.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Open this model's list first, instead of the model picker (with several models).")
    var model: String?

    @Option(parsing: .unconditional, help: "Embedded server: delay before every answer, like 800ms or 2s.")
    var latency = "0"

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: "Embedded server: fraction (0 to 1) of mutations refused with an injected error.")
    var failRate = 0.0

    @Option(
        name: .customLong("offline"),
        help: "What a change does when the server cannot be reached: queue (kept, sent when it is back; the default) or revert (taken back at once, as the Amplify sample does).")
    var offlineMode = "queue"

    @Option(
        name: .customLong("sync"),
        help: "How much of each model's list is read and cached: all (every page), views (the first page; filters ask the server for the rest) or limit (the default: every page up to --sync-limit rows, views beyond).")
    var sync = "limit"

    @Option(name: .customLong("sync-limit"), help: "With --sync limit (the default): the rows of a model read whole before views take over (default: 100000).")
    var syncLimit: Int?

    @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set and not empty).")
    var noColor = false

    func validate() throws {
        if connection.namesARemoteAPI, latency != "0" || failRate != 0 {
            throw ValidationError("--latency and --fail-rate apply to the embedded server only, not to --endpoint or --config")
        }
        guard SyncOptions.OfflineMode(rawValue: offlineMode) != nil else {
            throw ValidationError("--offline must be queue or revert, not “\(offlineMode)”")
        }
        _ = try syncPolicy()
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1 (it was \(failRate))") }
        do { _ = try DurationParsing.parse(latency) } catch { throw ValidationError("--latency: \(error)") }
    }

    mutating func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var options = connection
        options.embeddedOnlyOptionsGiven = latency != "0" || failRate != 0
        // Read-only, so a bad config or models file, or an auth mode that cannot be used, is
        // reported first, with or without a terminal.
        let resolved = try ResolvedConnection(options, environment: environment)
        switch resolved.shown {
        case .models(let schema, _): try checkModelArgument(schema)
        case .sample: try checkModelArgument(nil)
        case .askTheAPI: break  // checked once the API says
        }
        // Before a server starts or the data directory is written: without a terminal there is no app.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw NoTerminal()
        }
        let opened = try await resolved.open(faults: .init(latency: try DurationParsing.parse(latency), failRate: failRate))
        if case .askTheAPI = resolved.shown {
            do {
                try checkModelArgument(opened.isSample ? nil : opened.schema)
            } catch {
                _ = await opened.close()
                throw error
            }
        }
        let offline = SyncOptions.OfflineMode(rawValue: offlineMode) ?? .queue
        try await runModels(opened, offline: offline, environment: environment)
    }

    /// `--model NAME` names one of `schema`'s models (nil: the sample's alone).
    private func checkModelArgument(_ schema: ModelSchema?) throws {
        guard let model else { return }
        if let schema, schema.model(named: model) == nil {
            throw UsageProblem("--model \(model): the models are \(schema.models.map(\.name).joined(separator: ", "))")
        }
        if schema == nil, model != "RealEstateProperty" {
            throw UsageProblem("--model \(model): this backend has only the sample's model, RealEstateProperty (give --models FILE for yours)")
        }
    }

    /// `--sync` and `--sync-limit` as the lists' policy.
    func syncPolicy() throws(ValidationError) -> SyncPolicy {
        if let syncLimit, syncLimit < 1 { throw ValidationError("--sync-limit must be 1 or more (it was \(syncLimit))") }
        switch sync {
        case "all", "views":
            if syncLimit != nil { throw ValidationError("--sync-limit goes with --sync limit, not --sync \(sync)") }
            return sync == "all" ? .all : .views
        case "limit": return .upTo(syncLimit ?? SyncPolicy.defaultLimit)
        default: throw ValidationError("--sync must be all, views or limit, not “\(sync)”")
        }
    }

    /// No model of the API can be shown, and why.
    struct ModelsNotShown: Error, CustomStringConvertible {
        var problems: [String]
        var description: String { "none of the API's models can be shown: " + problems.joined(separator: "; ") }
    }

    /// The app over the backend's models (the sample's one, or your own), then what is left unsent.
    private func runModels(_ opened: OpenedConnection, offline: SyncOptions.OfflineMode, environment: [String: String]) async throws {
        let color = ScreenSettings.colorEnabled(noColorFlag: noColor, environment: environment)
        let backend = opened.backend
        let app = ModelsApp(
            schema: opened.schema, backend: backend, storage: opened.storage, initialModel: model,
            options: SyncOptions(offlineMode: offline, syncPolicy: try syncPolicy()),
            // The sample is the model screen for its one model: its file's rows, kept by the
            // sample's own screen before there was one screen, are taken over by its cache once.
            dialectHint: opened.dialectHint, notices: opened.notices, takesTheSamplesRows: opened.isSample)
        let exit: LoopExit
        let lists: [String: RecordList<ModelRecord>]
        do {
            (exit, lists) = try await app.run(terminal: .fromEnvironment(environment, colors: color))
        } catch {
            _ = await opened.close()
            throw error
        }
        var pending = 0
        for list in lists.values { pending += await list.pendingCount }
        if backend.embedded != nil, pending > 0 {
            // Stopping the embedded server lets the requests under way finish first.
            print("proptui: finishing the requests under way…")
        }
        // Counted after the stop: a change the server took while it stopped is confirmed.
        let unsynced = await opened.close(pendingInMemory: pending)
        if unsynced > 0 {
            print("proptui: \(unsynced) change\(unsynced == 1 ? " is" : "s are") not confirmed by the server yet. "
                + "\(unsynced == 1 ? "It is" : "They are") kept and will be sent the next time proptui starts.")
        }
        if case .interrupted(let signal) = exit { throw ExitCode(128 + signal) }
    }
}
