import AmplifyModels
import AppSync
import ArgumentParser
import Foundation
import LocalAppSync

/// Which backend proptui talks to and as whom: the options the app and every script command
/// share (`proptui list`, `export`, `import`, …), so a script finds the same API, config file,
/// auth mode, models and outbox as the app started in the same folder.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: "Where proptui keeps its data: the embedded server's database and API key, the outbox, and (mode 0600) cached guest credentials and user pool tokens (default: $XDG_DATA_HOME/proptui or ~/.local/share/proptui).")
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
        help: "Your own models instead of the sample: an amplify_outputs.json (its data.model_introspection) or a file holding only that. With the embedded server it serves them too. An amplify_outputs.json with models (--config, or in the current folder) describes its models without this.")
    var models: String?

    @Option(
        name: .customLong("log-file"),
        help: "Where to write the log (default: $XDG_STATE_HOME/proptui/proptui.log or ~/.local/state/proptui/proptui.log). Nothing is logged to the terminal.")
    var logFile: String?

    func validate() throws {
        if let endpoint { try CommandLineChecks.endpoint(endpoint) }
        if endpoint != nil, config != nil { throw ValidationError("give --endpoint or --config, not both") }
        if apiKey != nil, endpoint == nil { throw ValidationError("--api-key goes with --endpoint") }
        if endpoint != nil, auth.mode == nil || auth.mode == "api-key", apiKey == nil,
            ProcessInfo.processInfo.environment["PROPTUI_API_KEY"] == nil
        {
            throw ValidationError("--endpoint needs PROPTUI_API_KEY or --api-key, or another mode with --auth (\(AuthMode.optionNames))")
        }
        if let logFile { try CommandLineChecks.logFile(logFile) }
    }

    /// Options of the embedded server alone (`--latency`, `--fail-rate`) were given: a config
    /// file found in the current folder is then a mistake to say, not a backend to use.
    var embeddedOnlyOptionsGiven = false

    /// A backend named on the command line (not the embedded server, not a file found here).
    var namesARemoteAPI: Bool { endpoint != nil || config != nil }

    /// The user's own API, from --config, --endpoint, or (as Amplify's own tools do) an
    /// amplify_outputs.json in the current folder; nil for the embedded server. With the file it
    /// came from, read once (a FIFO can be read only once), for the models it may describe.
    func remoteConfiguration(environment: [String: String]) throws -> (AppSyncConfiguration?, ConfigFile?) {
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
            if embeddedOnlyOptionsGiven {
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

    /// Which models are shown, as far as files say (`--models`, the outputs file's
    /// `model_introspection`); a remote API they do not describe is asked once it can be.
    enum ShownModels {
        /// The backend's own models (`served`: the embedded server serves them).
        case models(ModelSchema, served: ServedModels?)
        /// The sample's model, `RealEstateProperty`, alone: the sample app.
        case sample
        /// A remote API no file describes: its introspection says (`APIModels`).
        case askTheAPI
    }

    /// The models shown instead of the sample: `--models`, else those of the outputs file the
    /// backend came from, unless that describes only the sample.
    func modelsDescribed(remote: AppSyncConfiguration?, configFile: ConfigFile?) throws -> ShownModels {
        if let models {
            let served = try ModelsFile.served(models)
            return .models(served.schema, served: remote == nil ? served : nil)
        }
        guard remote != nil else { return .sample }
        guard let configFile, configFile.data.firstRange(of: Data("model_introspection".utf8)) != nil else { return .askTheAPI }
        let schema: ModelSchema
        do {
            schema = try ModelIntrospectionReader.read(configFile.data)
        } catch {
            throw UsageProblem("\(configFile.path): \(error)")  // its models are described wrongly: said, not guessed past
        }
        return Self.shown(schema)
    }

    /// The sample app for a schema of the sample's model alone (or of none), else the models.
    static func shown(_ schema: ModelSchema) -> ShownModels {
        schema.models.isEmpty || schema.models.map(\.name) == ["RealEstateProperty"] ? .sample : .models(schema, served: nil)
    }
}
