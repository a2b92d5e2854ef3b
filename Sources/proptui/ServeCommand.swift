import AppSync
import ArgumentParser
import Foundation
import Glibc
import LocalAppSync
import ScreenValues

/// `proptui serve`: the embedded AppSync-compatible server on its own, for several terminals
/// or any AppSync client to share.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the embedded AppSync-compatible server (GraphQL over HTTP + realtime WebSocket).",
        discussion: """
            Prints the GraphQL URL, the realtime URL and what a client needs to authorize (the \
            API key when api-key is one of the --auth modes, the region with iam) when ready, logs one line \
            per request to standard error, and stops cleanly on Ctrl-C (SIGINT) or SIGTERM.

            With --auth including iam, the server also plays a Cognito identity pool for guests \
            (GetId, GetCredentialsForIdentity) and accepts the temporary credentials it mints, \
            as well as AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY from its environment; it writes \
            an amplify_outputs.json describing itself (like `npx ampx sandbox`), so `proptui` \
            started in that folder uses it with no flags.

            --schema chooses the API played: versioned (conflict detection: _version, _deleted, \
            syncRealEstateProperties, soft deletes) or gen2 (what Amplify Gen 2 deploys: no \
            conflict detection, DynamoDB semantics). The default is gen2 with --auth including \
            iam (the sandbox plays `npx ampx sandbox`, which deploys Gen 2) and versioned \
            otherwise; the app's own embedded server always plays versioned. Each dialect keeps \
            its own store in the data directory.

            --models FILE serves your own models instead of the sample: FILE is an \
            amplify_outputs.json (its data.model_introspection) or a file holding only that \
            object. Every model gets the API Amplify generates for it (get, list, the three \
            mutations with conditions, the subscriptions, relations), stored with DynamoDB's \
            semantics, values checked by type; the outputs this server writes carry those \
            models' model_introspection. Gen 2 by default; with --schema versioned, the \
            DataStore API (_version, sync queries, conflict detection, soft deletes). No \
            samples are seeded; --seed N writes N generated items of every model.
            """)

    @Option(help: "Address to listen on. Anything but loopback needs --api-key.")
    var host = "127.0.0.1"

    // Unconditional, so that `--port -1` is a port refused for its value, not a missing one.
    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    var port = 20002

    @Option(name: .customLong("data-dir"), help: "Where the SQLite file and the generated API key live.")
    var dataDirectory = Serve.defaultDataDirectory

    @Option(name: .customLong("api-key"), help: "The API key clients must send (default: generated once and stored in the data directory).")
    var apiKey: String?

    @Option(name: .customLong("conflict-handler"), help: "optimistic (reject stale writes) or automerge (the versioned dialect only; Gen 2 has no conflict detection).")
    var conflictHandler = "optimistic"

    @Option(parsing: .unconditional, help: "Delay before every GraphQL request is run, like 800ms or 2s.")
    var latency = "0"

    @Option(parsing: .unconditional, help: "Up to this much more delay, at random, like 200ms.")
    var jitter = "0"

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of mutations answered with an injected error.")
    var failRate = 0.0

    @Option(name: .customLong("drop-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of requests whose connection is closed unanswered.")
    var dropRate = 0.0

    @Option(
        name: .customLong("lose-answer-rate"), parsing: .unconditional,
        help: "Fraction (0 to 1) of mutations that are applied, then have their answer lost (the connection is closed).")
    var loseAnswerRate = 0.0

    @Option(name: .customLong("error-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of requests answered 503 Service Unavailable, unapplied.")
    var errorStatusRate = 0.0

    @Flag(help: "Do not seed sample properties into a new data directory.")
    var empty = false

    @Option(
        name: .customLong("seed"), parsing: .unconditional,
        help: ArgumentHelp(
            "Fill an empty store with N generated properties (with --models: N items of every model) in one bulk insert before serving; the same N gives the same records. Refused, changing nothing, when the store holds any.",
            valueName: "n"))
    var seedCount: Int?

    @Option(
        name: .customLong("max-resolvers"), parsing: .unconditional,
        help: ArgumentHelp(
            "Most resolvers one request may run (AppSync's resolver count limit); the rest answer ResolverExecutionLimitReached.",
            valueName: "n"))
    var maxResolvers = ServerLimits().maxResolversPerRequest

    @Option(
        name: .customLong("max-query-depth"), parsing: .unconditional,
        help: ArgumentHelp(
            "Deepest selection nesting a query may have, through fragments (AppSync's query depth limit, 1 to 75); deeper queries answer QueryDepthLimitExceeded.",
            valueName: "n"))
    var maxQueryDepth = ServerLimits().maxQueryDepth

    @Option(
        name: .customLong("execution-timeout"), parsing: .unconditional,
        help: ArgumentHelp(
            "How long one query or mutation may run before it is answered ExecutionTimeout (AppSync: 30s), like 30s or 500ms.",
            valueName: "duration"))
    var executionTimeout = "30s"

    @Option(
        name: .customLong("max-response-bytes"), parsing: .unconditional,
        help: ArgumentHelp(
            "The largest answer one request may build, in bytes; list and sync pages past it answer an error instead.",
            valueName: "bytes"))
    var maxResponseBytes = ServerLimits().maxResponseBytes

    @Option(name: .customLong("auth"), help: "The auth modes requests may use, comma-separated: api-key, iam, user-pool (several at once, as AppSync's multi-auth).")
    var authModes = "api-key"

    @Option(help: "The region IAM signatures must be scoped to (and the identity pool's).")
    var region = "us-east-1"

    @Option(name: .customLong("user-pool-id"), help: "user-pool: the Cognito user pool whose tokens are accepted, like us-east-1_AbC123.")
    var userPoolId: String?

    @Option(name: .customLong("user-pool-client-id"), help: "user-pool: accept only tokens of this app client (repeatable).")
    var userPoolClientIds: [String] = []

    @Option(name: .customLong("jwks-url"), help: "user-pool: where the pool's public keys are (default: AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER/<pool>/.well-known/jwks.json, else AWS's).")
    var jwksURL: String?

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "The API to play: gen2 (Amplify Gen 2, no conflict detection) or versioned (conflict detection). Default: gen2 with --auth iam, else versioned.",
            valueName: "gen2|versioned"))
    var schema: String?

    @Option(help: ArgumentHelp(
        "Serve these models instead of the sample: an amplify_outputs.json, or a file holding its model_introspection.",
        valueName: "file"))
    var models: String?

    @Option(help: "Where to write the amplify_outputs.json describing this server (default with iam: ./amplify_outputs.json). An existing file is replaced only if proptui wrote it.")
    var outputs: String?

    /// The embedded server's own folder, so `proptui serve` shares the app's data by default.
    static var defaultDataDirectory: String { DataDirectory.server(of: DataDirectory.resolve(nil)) }

    func validate() throws {
        guard ConflictHandler(rawValue: conflictHandler) != nil else {
            throw ValidationError("--conflict-handler must be optimistic or automerge, not “\(conflictHandler)”")
        }
        let rates = [
            ("--fail-rate", failRate), ("--drop-rate", dropRate), ("--lose-answer-rate", loseAnswerRate), ("--error-rate", errorStatusRate),
        ]
        for (name, rate) in rates where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1 (it was \(rate))")
        }
        if let schema, ServedDialect(rawValue: schema) == nil {
            throw ValidationError("--schema must be gen2 or versioned, not “\(schema)”")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (it was \(port))") }
        // What the server would refuse once started, said here, with serve's usage.
        switch LocalAppSyncError.startProblem(host: host, apiKey: apiKey) {
        case .invalidAPIKey?:
            throw ValidationError("--api-key: \(LocalAppSyncError.invalidAPIKey)\(apiKey?.isEmpty == true ? " (it was empty)" : "")")
        case let problem?: throw ValidationError("--host \(host): \(problem)")
        case nil: break
        }
        if let outputs { try CommandLineChecks.writableFile(outputs, option: "--outputs") }
        let modes: [ServerAuthMode]
        switch ServerAuthMode.parseList(authModes) {
        case .failure(let error): throw ValidationError("--auth: \(error)")
        case .success(let parsed): modes = parsed
        }
        if modes.contains(.userPool), userPoolId == nil {
            throw ValidationError("--auth user-pool needs --user-pool-id (and --jwks-url when its keys are not at AWS)")
        }
        if let jwksURL, URL(string: jwksURL)?.scheme == nil { throw ValidationError("--jwks-url must be a URL, not “\(jwksURL)”") }
        for (name, text) in [("--latency", latency), ("--jitter", jitter), ("--execution-timeout", executionTimeout)] {
            do { _ = try DurationParsing.parse(text) } catch { throw ValidationError("\(name): \(error)") }
        }
        if let seedCount, seedCount < 0 { throw ValidationError("--seed must be a number of properties, 0 or more (it was \(seedCount))") }
        guard maxResolvers >= 1 else { throw ValidationError("--max-resolvers must be at least 1 (it was \(maxResolvers))") }
        guard (1...75).contains(maxQueryDepth) else { throw ValidationError("--max-query-depth must be between 1 and 75, as AppSync's (it was \(maxQueryDepth))") }
        guard maxResponseBytes >= 1 else { throw ValidationError("--max-response-bytes must be at least 1 (it was \(maxResponseBytes))") }
        if (try? DurationParsing.parse(executionTimeout)) == .zero { throw ValidationError("--execution-timeout must be longer than 0") }
    }

    func run() async throws {
        let faults: FaultSettings.Values
        var limits = ServerLimits()
        do {
            limits.executionTimeout = try DurationParsing.parse(executionTimeout)
            faults = .init(
                latency: try DurationParsing.parse(latency), jitter: try DurationParsing.parse(jitter),
                failRate: failRate, dropRate: dropRate, loseAnswerRate: loseAnswerRate, errorStatusRate: errorStatusRate)
        } catch {
            throw UsageProblem("\(error)")
        }
        var configuration = LocalAppSyncConfiguration(
            host: host, port: port, dataDirectory: dataDirectory, apiKey: apiKey,
            conflictHandler: ConflictHandler(rawValue: conflictHandler) ?? .optimistic, faults: faults,
            seedSamples: !empty && seedCount == nil, requestLogger: .standardError(label: "proptui.serve"))
        limits.maxResolversPerRequest = maxResolvers
        limits.maxResponseBytes = maxResponseBytes
        limits.maxQueryDepth = maxQueryDepth
        configuration.limits = limits
        let environment = ProcessInfo.processInfo.environment
        configuration.authModes = (try? ServerAuthMode.parseList(authModes).get()) ?? [.apiKey]
        configuration.region = region
        configuration.schema = Self.dialect(schema, authModes: configuration.authModes)
        if let models {
            // A mistake in the file, not in the options: said alone (exit 64), with no usage text.
            // A models file comes from a Gen 2 project: Gen 2 unless --schema says otherwise.
            configuration.serve(try ModelsFile.served(models), dialect: schema.flatMap(ServedDialect.init(rawValue:)) ?? .gen2)
        }
        if let own = StaticCredentialsProvider.environment(environment) {
            configuration.iamCredentials = [try await own.credentials()]
        }
        if let userPoolId {
            configuration.userPool = UserPoolTrust(
                poolId: userPoolId, clientIds: userPoolClientIds, jwksURL: jwksURL.flatMap(URL.init(string:)),
                endpoint: (environment["AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"] ?? environment["AWS_ENDPOINT_URL"])
                    .flatMap(URL.init(string:)))
        }
        let outputsPath = outputs ?? (configuration.authModes.contains(.iam) ? "amplify_outputs.json" : nil)
        if let outputsPath, !LocalAppSyncServer.mayWriteOutputs(at: outputsPath) {
            throw UsageProblem(
                "\(outputsPath) exists and was not written by proptui: it is left alone. Give --outputs another path.")
        }
        // Before the server reads its key or database: a second server on this folder refuses.
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: dataDirectory)
        } catch let inUse as DataDirectoryLock.InUse {
            throw UsageProblem(inUse.description)
        }
        defer { withExtendedLifetime(lock) {} }
        let server: LocalAppSyncServer
        do {
            server = try LocalAppSyncServer(configuration: configuration)
        } catch let error as LocalAppSyncError {
            throw UsageProblem(error.description)
        }
        if let seedCount { try await seed(seedCount, into: server, what: configuration.models == nil ? "properties" : "items of each model") }
        do {
            _ = try await server.start()
        } catch let error as LocalAppSyncError {
            if case .portInUse = error { throw UsageProblem(error.description) }
            throw error
        }
        // Scripts over the same data directory (`proptui list --data-dir`) find it, when they
        // can find its key too.
        if server.apiKeyFile != nil, configuration.authModes.contains(.apiKey), let url = server.graphQLURL {
            lock.announce(graphQLEndpoint: url)
        }
        // Only what a client can use: where the key is when api-key is a mode the server accepts
        // (it refuses it otherwise; the key itself is a secret, never printed), the region IAM
        // requests must be signed for.
        var banner = """
            GraphQL:  \(server.graphQLURL ?? "")
            Realtime: \(server.realtimeURL ?? "")

            """
        if configuration.authModes.contains(.apiKey) {
            banner += "API key:  " + (server.apiKeyFile.map { "in \($0)" } ?? "the one given with --api-key") + "\n"
        }
        banner += """
            Data:     \(dataDirectory)
            Auth:     \(configuration.authModes.map(\.rawValue).joined(separator: ","))
            Schema:   \(configuration.schema)\(configuration.models.map { " (" + $0.schema.models.map(\.name).joined(separator: ", ") + ")" } ?? "")

            """
        if configuration.authModes.contains(.iam) { banner += "Region:   \(region)\n" }
        if let identityPool = server.identityPoolId { banner += "Identity pool: \(identityPool)\n" }
        if let outputsPath {
            do {
                try writeOutputs(server.amplifyOutputs() ?? Data(), to: outputsPath)
                banner += "Outputs:  \(outputsPath)\n"
            } catch {
                await server.stop()
                throw UsageProblem("--outputs: cannot write \(outputsPath): \(error)")
            }
        }
        banner += "\n"
        await server.runUntilSignalled {
            // Written unbuffered, so a script reading the banner through a pipe sees it at once.
            FileHandle.standardOutput.write(Data(banner.utf8))
        }
        FileHandle.standardError.write(Data("proptui serve: stopped\n".utf8))
    }

    /// The dialect `--schema` names; without it, gen2 for a sandbox (`--auth` with iam, as
    /// `npx ampx sandbox` deploys Gen 2) and versioned otherwise.
    static func dialect(_ schema: String?, authModes: [ServerAuthMode]) -> ServedDialect {
        if let schema, let dialect = ServedDialect(rawValue: schema) { return dialect }
        return authModes.contains(.iam) ? .gen2 : .versioned
    }

    /// `--seed N`: the bulk insert, with progress and a summary on standard error. A store
    /// that holds anything is a usage problem (exit 64), left as it was.
    private func seed(_ count: Int, into server: LocalAppSyncServer, what: String) async throws {
        let started = ContinuousClock.now
        let total = NumberText.grouped(count)
        do {
            try await server.seedGenerated(count: count) { written in
                FileHandle.standardError.write(Data("proptui serve: seeded \(NumberText.grouped(written)) records…\n".utf8))
            }
        } catch let error as LocalAppSyncError {
            throw UsageProblem(error.description)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let shown = seconds < 10 ? String(format: "%.1f", seconds) : NumberText.grouped(Int(seconds.rounded()))
        FileHandle.standardError.write(Data("proptui serve: seeded \(total) \(what) in \(shown) s\n".utf8))
    }

    /// Mode 0600 when it carries the API key; replaced whole (a new file renamed over the old).
    /// A failure says what the system said ("No such file or directory": the folder is gone).
    private func writeOutputs(_ data: Data, to path: String) throws(OutputsWriteError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OutputsWriteError(code: errno) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let writeCode = errno
        close(descriptor)
        guard written == data.count else {
            unlink(temporary)
            throw OutputsWriteError(code: written < 0 ? writeCode : EIO)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw OutputsWriteError(code: code)
        }
    }

    struct OutputsWriteError: Error, CustomStringConvertible {
        var code: Int32
        var description: String {
            code == ENOENT ? "its folder does not exist" : String(cString: strerror(code))
        }
    }
}
