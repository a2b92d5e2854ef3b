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
        subcommands: [AppCommand.self, Serve.self, DemoCommand.self, SigV4SignCommand.self],
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
                  demo                    Play a demo tape and record it (see 'proptui demo --help').

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

    @Option(
        name: .customLong("data-dir"),
        help: "Where proptui keeps its data: the embedded server's database and API key, and (mode 0600) cached guest credentials and user pool tokens (default: $XDG_DATA_HOME/proptui or ~/.local/share/proptui).")
    var dataDirectory: String?

    @Option(help: "The GraphQL endpoint of an AppSync API, like https://ID.appsync-api.REGION.amazonaws.com/graphql. With API keys (the default --auth) it needs PROPTUI_API_KEY or --api-key.")
    var endpoint: String?

    @Option(
        name: .customLong("api-key"),
        help: "The API key for --endpoint. PROPTUI_API_KEY works too and keeps the key out of the process list.")
    var apiKey: String?

    @Option(help: "An amplify_outputs.json (Gen 2), amplifyconfiguration.json or awsconfiguration.json (Gen 1) to take the endpoint and auth settings from (default: amplify_outputs.json in the current folder, when there is one).")
    var config: String?

    @OptionGroup(title: "Authentication")
    var auth: AuthArguments

    @Option(
        help: "Show your own models instead of the sample: an amplify_outputs.json (its data.model_introspection) or a file holding only that. With the embedded server it serves them too. An amplify_outputs.json with models (--config, or in the current folder) shows its models without this.")
    var models: String?

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

    @Option(
        name: .customLong("log-file"),
        help: "Where to write the log (default: $XDG_STATE_HOME/proptui/proptui.log or ~/.local/state/proptui/proptui.log). Nothing is logged to the terminal.")
    var logFile: String?

    func validate() throws {
        if let endpoint { try CommandLineChecks.endpoint(endpoint) }
        if endpoint != nil, config != nil { throw ValidationError("give --endpoint or --config, not both") }
        let remote = endpoint != nil || config != nil
        if remote, latency != "0" || failRate != 0 {
            throw ValidationError("--latency and --fail-rate apply to the embedded server only, not to --endpoint or --config")
        }
        if apiKey != nil, endpoint == nil { throw ValidationError("--api-key goes with --endpoint") }
        if endpoint != nil, auth.mode == nil || auth.mode == "api-key", apiKey == nil,
            ProcessInfo.processInfo.environment["PROPTUI_API_KEY"] == nil
        {
            throw ValidationError("--endpoint needs PROPTUI_API_KEY or --api-key, or another mode with --auth (\(AuthMode.optionNames))")
        }
        guard SyncOptions.OfflineMode(rawValue: offlineMode) != nil else {
            throw ValidationError("--offline must be queue or revert, not “\(offlineMode)”")
        }
        _ = try syncPolicy()
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1 (it was \(failRate))") }
        do { _ = try DurationParsing.parse(latency) } catch { throw ValidationError("--latency: \(error)") }
        if let logFile { try CommandLineChecks.logFile(logFile) }
    }

    mutating func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        // Read-only, so a bad config file is reported first, with or without a terminal.
        let (remote, configFile) = try remoteConfiguration(environment: environment)
        // So is a models file, or an outputs file's models: which models the app shows.
        var shown = try modelsToShow(remote: remote, configFile: configFile)
        // So is a mode that cannot be used (nothing is asked or fetched yet).
        let prompt = RemoteAuth.prompt(arguments: auth, environment: environment)
        let authorizer = try remote.map {
            try RemoteAuth.authorizer(
                configuration: $0, arguments: auth, environment: environment,
                dataDirectory: DataDirectory.resolve(self.dataDirectory), prompt: prompt)
        }
        // Before a server starts or the data directory is written: without a terminal there is no app.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw NoTerminal()
        }
        let dataDirectory = try DataDirectory.prepare(DataDirectory.resolve(dataDirectory))
        let sink = try FileLogHandler.Sink(path: StateDirectory.logFile(logFile))
        LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: sink) }

        // The outbox first: if another proptui holds it, nothing else is started.
        let outboxPath = OutboxFile.path(dataDirectory: dataDirectory, endpoint: remote?.graphQLEndpoint)
        let (storage, outboxLock) = try OutboxFile.open(path: outboxPath)
        defer { close(outboxLock) }
        let backend: Backend
        do {
            var served: ServedModels?
            if case .models(_, let models) = shown { served = models }
            backend = try await makeBackend(remote, authorizer: authorizer, dataDirectory: dataDirectory, models: served)
        } catch let error as LocalAppSyncError {
            if case .portInUse = error { throw UsageProblem(error.description) }
            throw error
        }
        do {
            // A user pool asks for its password here, before the screen takes the terminal.
            try await backend.authorizer.prepare()
        } catch {
            await backend.stop()
            throw error
        }
        prompt.stopAsking()
        var notices: [String] = []
        if case .askTheAPI = shown {
            do {
                (shown, notices) = try await modelsAskedOf(backend, outboxPath: outboxPath)
            } catch {
                await backend.stop()
                throw error
            }
        }
        let offline = SyncOptions.OfflineMode(rawValue: offlineMode) ?? .queue
        if case .models(let schema, _) = shown {
            try await runModels(
                schema, backend: backend, storage: storage, dialectHint: remote?.isAmplifyGen2 == true || remote == nil ? .plain : nil,
                offline: offline, notices: notices, environment: environment)
            return
        }
        // The sample is the model screen for its one model: its file's rows, kept by the sample's
        // own screen before there was one screen, are taken over by the model's cache once.
        try await runModels(
            .realEstateProperty, backend: backend, storage: storage, dialectHint: remote?.isAmplifyGen2 == true ? .plain : nil,
            offline: offline, notices: notices, environment: environment, takesTheSamplesRows: true)
    }

    /// The user's own API, from --config, --endpoint, or (as Amplify's own tools do) an
    /// amplify_outputs.json in the current folder; nil for the embedded server. With the file it
    /// came from, read once (a FIFO can be read only once), for the models it may describe.
    private func remoteConfiguration(environment: [String: String]) throws -> (AppSyncConfiguration?, ConfigFile?) {
        func load(_ path: String) throws -> (AppSyncConfiguration?, ConfigFile?) {
            let data = try ConfigurationFile.read(path)
            return (try ConfigurationFile.parse(data, path: path), ConfigFile(path: path, data: data))
        }
        if let config { return try load(config) }
        if let endpoint {
            let configuration = try AppSyncConfiguration(
                endpoint: endpoint, apiKey: apiKey ?? environment["PROPTUI_API_KEY"], mode: auth.options.mode ?? .apiKey)
            return (configuration, nil)
        }
        if FileManager.default.fileExists(atPath: "amplify_outputs.json") {
            if latency != "0" || failRate != 0 {
                throw ValidationError(
                    "--latency and --fail-rate apply to the embedded server, but amplify_outputs.json in this folder names a backend: "
                        + "start proptui in another folder to use the embedded server")
            }
            return try load("amplify_outputs.json")
        }
        if auth.isGiven {
            throw ValidationError("--auth, --token-command and --username go with --endpoint or --config (the embedded server uses an API key)")
        }
        return (nil, nil)
    }

    /// A config file as read.
    struct ConfigFile {
        var path: String
        var data: Data
    }

    private func makeBackend(
        _ remote: AppSyncConfiguration?, authorizer: (any RequestAuthorizer)?, dataDirectory: String, models: ServedModels?
    ) async throws -> Backend {
        if let remote, let authorizer { return .remote(remote, authorizer: authorizer) }
        let faults = FaultSettings.Values(latency: try DurationParsing.parse(latency), failRate: failRate)
        return try await Backend.embedded(dataDirectory: dataDirectory, faults: faults, models: models)
    }

    /// Which models the app shows, as far as files say (`--models`, the outputs file's
    /// `model_introspection`); a remote API they do not describe is asked once it can be.
    enum ShownModels {
        /// The backend's own models (`served`: the embedded server serves them).
        case models(ModelSchema, served: ServedModels?)
        /// The sample's model, `RealEstateProperty`, alone: the sample app.
        case sample
        /// A remote API no file describes: its introspection says (`APIModels`).
        case askTheAPI
    }

    /// The models the app shows instead of the sample: `--models`, else those of the outputs
    /// file the backend came from, unless that describes only the sample.
    private func modelsToShow(remote: AppSyncConfiguration?, configFile: ConfigFile?) throws -> ShownModels {
        let shown = try modelsDescribed(remote: remote, configFile: configFile)
        if case .models(let schema, _) = shown { try checkModelArgument(schema) }
        if case .sample = shown { try checkModelArgument(nil) }
        return shown
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

    private func modelsDescribed(remote: AppSyncConfiguration?, configFile: ConfigFile?) throws -> ShownModels {
        if let models {
            let served = try ModelsFile.served(models)
            return .models(served.schema, served: remote == nil ? served : nil)
        }
        guard remote != nil else { return .sample }
        guard let configFile, configFile.data.firstRange(of: Data("model_introspection".utf8)) != nil else { return .askTheAPI }
        let (outputs, data) = (configFile.path, configFile.data)
        let schema: ModelSchema
        do {
            schema = try ModelIntrospectionReader.read(data)
        } catch {
            throw UsageProblem("\(outputs): \(error)")  // its models are described wrongly: said, not guessed past
        }
        return Self.shown(schema)
    }

    /// The sample app for a schema of the sample's model alone (or of none), else the models.
    static func shown(_ schema: ModelSchema) -> ShownModels {
        schema.models.isEmpty || schema.models.map(\.name) == ["RealEstateProperty"] ? .sample : .models(schema, served: nil)
    }

    /// What the API's introspection (or the last start's) says of a remote API no file describes.
    /// With what could not be learnt, for the screen.
    private func modelsAskedOf(_ backend: Backend, outboxPath: String) async throws -> (ShownModels, notices: [String]) {
        let learnt = await APIModels.learn(
            configuration: backend.configuration, authorizer: backend.authorizer, keptAt: APIModels.path(outboxPath: outboxPath))
        // The API has models, and would describe none of them: the sample app would only say the
        // API has no RealEstateProperty model, which is not why nothing is shown.
        if let schema = learnt.schema, schema.models.isEmpty, !learnt.problems.isEmpty {
            throw ModelsNotShown(problems: learnt.problems)
        }
        let shown = learnt.schema.map(Self.shown) ?? .sample
        if case .models(let schema, _) = shown { try checkModelArgument(schema) } else { try checkModelArgument(nil) }
        return (shown, learnt.problems)
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
    private func runModels(
        _ schema: ModelSchema, backend: Backend, storage: SyncStorage, dialectHint: APIDialect?, offline: SyncOptions.OfflineMode,
        notices: [String], environment: [String: String], takesTheSamplesRows: Bool = false
    ) async throws {
        let color = ScreenSettings.colorEnabled(noColorFlag: noColor, environment: environment)
        let app = ModelsApp(
            schema: schema, backend: backend, storage: storage, initialModel: model, options: SyncOptions(offlineMode: offline, syncPolicy: try syncPolicy()),
            dialectHint: dialectHint, notices: notices, takesTheSamplesRows: takesTheSamplesRows)
        let exit: LoopExit
        let lists: [String: RecordList<ModelRecord>]
        do {
            (exit, lists) = try await app.run(terminal: .fromEnvironment(environment, colors: color))
        } catch {
            await backend.stop()
            throw error
        }
        var pending = 0
        for list in lists.values { pending += await list.pendingCount }
        if backend.embedded != nil, pending > 0 {
            // Stopping the embedded server lets the requests under way finish first.
            print("proptui: finishing the requests under way…")
        }
        await backend.stop()
        // Counted after the stop: a change the server took while it stopped is confirmed.
        Self.closeOutbox(storage, pendingInMemory: pending)
        if case .interrupted(let signal) = exit { throw ExitCode(128 + signal) }
    }

    /// After the backend stopped (a change the server took while it stopped is confirmed): the
    /// outbox checkpointed, so the next start opens the cache with no WAL to read through, and
    /// what is still unsent said, counted on disk (every model's), else in memory.
    private static func closeOutbox(_ storage: SyncStorage, pendingInMemory: Int) {
        let unsynced = (try? storage.outboxCount()) ?? pendingInMemory
        try? storage.checkpoint()
        if unsynced > 0 {
            print("proptui: \(unsynced) change\(unsynced == 1 ? " is" : "s are") not confirmed by the server yet. "
                + "\(unsynced == 1 ? "It is" : "They are") kept and will be sent the next time proptui starts.")
        }
    }
}
