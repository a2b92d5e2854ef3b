import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import Logging

/// Where the app's data lives: the embedded server (started here, on loopback) or
/// an AppSync API the user already has. Either way the app talks to it over
/// HTTP, as it would to AWS.
struct Backend {
    let configuration: AppSyncConfiguration
    /// Adds the auth mode's headers to every request.
    let authorizer: any RequestAuthorizer
    /// Which backend and mode, for the header.
    let label: String
    /// The embedded server, whose faults the Simulation keys change at run time.
    let embedded: LocalAppSyncServer?
    /// Held while the embedded server runs: one server per data directory.
    let lock: DataDirectoryLock?
    /// The server another proptui runs over the same data directory (a script beside the app).
    var joined = false

    /// The auth providers a model's rules are met with. proptui's own server (embedded, or the
    /// one a script joins) serves models without their per-model rules, as a sandbox with an API
    /// key: every rule is as good as met there. A real API is asked with the one mode requests
    /// are signed with, and its rules decide what may change.
    var authProviders: Set<AuthProvider> {
        if embedded != nil || joined { return Set(AuthProvider.allCases) }
        return switch configuration.mode {
        case .apiKey: [.apiKey]
        case .iam: [.iam]
        case .userPool: [.userPools]
        case .oidc: [.oidc]
        case .lambda: [.lambda]
        }
    }

    /// Starts the embedded server in the data directory's server folder with a random port and the stored (or a new) key.
    /// With `models`, it serves those models (Gen 2's dialect) instead of the sample.
    /// `joinsARunningOne`: when another proptui (the app, `proptui serve`) already serves the data
    /// directory, a script uses that server rather than refusing.
    static func embedded(
        dataDirectory: String, faults: FaultSettings.Values, models: ServedModels? = nil, joinsARunningOne: Bool = false
    ) async throws -> Backend {
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: DataDirectory.server(of: dataDirectory))
        } catch let inUse as DataDirectoryLock.InUse {
            if joinsARunningOne, let running = try running(over: dataDirectory) { return running }
            throw UsageProblem(inUse.description + " (or connect to its server with --endpoint)")
        }
        var served = LocalAppSyncConfiguration(
            dataDirectory: DataDirectory.server(of: dataDirectory), faults: faults, requestLogger: Logger(label: "proptui.server"))
        if let models { served.serve(models) }
        let server = try LocalAppSyncServer(configuration: served)
        let port = try await server.start()
        lock.announce(graphQLEndpoint: "http://127.0.0.1:\(port)/graphql")
        let configuration = try AppSyncConfiguration(
            graphQLEndpoint: URL(string: "http://127.0.0.1:\(port)/graphql")!, auth: .apiKey(server.apiKey))
        return Backend(
            configuration: configuration, authorizer: APIKeyAuthorizer(key: server.apiKey), label: "local · API key",
            embedded: server, lock: lock)
    }

    /// The server another proptui runs over `dataDirectory`, with the key it keeps there; nil
    /// when it said no address or keeps no key (`serve --api-key`, or without API keys).
    private static func running(over dataDirectory: String) throws -> Backend? {
        let folder = DataDirectory.server(of: dataDirectory)
        guard let endpoint = DataDirectoryLock.runningServer(directory: folder),
              let key = LocalAppSyncServer.storedAPIKey(dataDirectory: folder) else { return nil }
        let configuration = try AppSyncConfiguration(graphQLEndpoint: endpoint, auth: .apiKey(key))
        let port = endpoint.port.map { ":\($0)" } ?? ""
        return Backend(
            configuration: configuration, authorizer: APIKeyAuthorizer(key: key), label: "local\(port), running · API key",
            embedded: nil, lock: nil, joined: true)
    }

    static func remote(_ configuration: AppSyncConfiguration, authorizer: any RequestAuthorizer) -> Backend {
        Backend(
            configuration: configuration, authorizer: authorizer,
            label: RemoteAuth.label(configuration: configuration, authorizer: authorizer), embedded: nil, lock: nil)
    }

    func stop() async {
        await embedded?.stop()
    }
}
