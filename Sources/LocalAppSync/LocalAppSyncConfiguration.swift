import Foundation
import Logging
import SigV4

/// Everything `LocalAppSyncServer` needs to start; `proptui serve` fills it from its options,
/// the app fills it in-process.
public struct LocalAppSyncConfiguration: Sendable {
    /// Address to bind; loopback unless an API key is given explicitly.
    public var host: String
    /// Port to bind; 0 picks a free one (`start()` answers which).
    public var port: Int
    /// Where the SQLite file and the generated API key live; created if missing.
    public var dataDirectory: String
    /// The API key clients must send; nil loads the stored one or generates and stores one.
    public var apiKey: String?
    public var conflictHandler: ConflictHandler
    public var faults: FaultSettings.Values
    public var limits: ServerLimits
    /// Seed sample properties into a new, empty store (`--empty` turns this off).
    public var seedSamples: Bool
    /// How often the realtime socket sends `ka` (AppSync: at least every 60 s).
    public var keepAliveInterval: Duration
    /// A realtime socket that sends no `connection_init` within this time is closed.
    public var connectionInitTimeout: Duration
    /// Receives one line per request (never the API key). `.standardError` for `proptui serve`.
    public var requestLogger: Logger
    /// The modes requests may use (AppSync's multi-auth); API key alone by default.
    public var authModes: [ServerAuthMode] = [.apiKey]
    /// The region IAM signatures must be scoped to, and the identity pool's.
    public var region = "us-east-1"
    /// IAM credentials accepted besides the guests' (`proptui serve` takes its environment's).
    public var iamCredentials: [AWSCredentials] = []
    /// Which Cognito user pool's tokens are accepted, for `.userPool`.
    public var userPool: UserPoolTrust?
    /// How long minted guest credentials last.
    public var guestCredentialLifetime: TimeInterval = 3600
    /// Which API the server plays. Versioned by default: the app's own embedded server and
    /// every existing client of it expect conflict detection.
    public var schema: ServedDialect = .versioned
    /// Your own models (`serve --models`), served in `schema`'s dialect instead of the sample.
    public var models: ServedModels?

    /// Serves `models` instead of the sample (none seeded), in `dialect`: Gen 2 unless asked.
    public mutating func serve(_ models: ServedModels, dialect: ServedDialect = .gen2) {
        self.models = models
        schema = dialect
        seedSamples = false
    }
    /// Answer list/sync/get queries of the common shape without GraphQLSwift's per-row
    /// execution (`FastPagePlan`); off, every request goes through the library's execution.
    public var fastPagePath = true

    public init(
        host: String = "127.0.0.1", port: Int = 0, dataDirectory: String, apiKey: String? = nil,
        conflictHandler: ConflictHandler = .optimistic, faults: FaultSettings.Values = .init(),
        limits: ServerLimits = .init(), seedSamples: Bool = true, keepAliveInterval: Duration = .seconds(60),
        connectionInitTimeout: Duration = .seconds(30),
        requestLogger: Logger = Logger(label: "LocalAppSync", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.apiKey = apiKey
        self.conflictHandler = conflictHandler
        self.faults = faults
        self.limits = limits
        self.seedSamples = seedSamples
        self.keepAliveInterval = keepAliveInterval
        self.connectionInitTimeout = connectionInitTimeout
        self.requestLogger = requestLogger
    }
}

extension Logger {
    /// Request lines on standard error, one per line, for `proptui serve`.
    public static func standardError(label: String) -> Logger {
        Logger(label: label, factory: { StreamLogHandler.standardError(label: $0) })
    }
}

/// Why the server would not start.
public enum LocalAppSyncError: Error, CustomStringConvertible, Equatable {
    /// What `LocalAppSyncServer.init` would refuse about the address and the key, known before
    /// anything is started (so a command line can say it as a usage error).
    public static func startProblem(host: String, apiKey: String?) -> LocalAppSyncError? {
        if let apiKey, !APIKeyStore.isValid(apiKey) { return .invalidAPIKey }
        if apiKey == nil, !LocalAppSyncServer.isLoopback(host) { return .nonLoopbackHostNeedsExplicitKey(host: host) }
        return nil
    }

    case nonLoopbackHostNeedsExplicitKey(host: String)
    case invalidAPIKey
    case alreadyStarted
    case dataDirectoryUnusable(path: String, reason: String)
    case cannotListen(host: String, port: Int, reason: String)
    case userPoolNeedsTrust
    /// Another program (often another `proptui serve`) already listens there.
    case portInUse(host: String, port: Int)
    /// `seedGenerated` fills only an empty store; this one holds properties (left unchanged).
    case storeNotEmpty(dataDirectory: String)
    /// The store file was written by the other dialect, whose rows mean something else.
    case storeDialectMismatch(path: String, stored: String, requested: ServedDialect)

    public var description: String {
        switch self {
        case .nonLoopbackHostNeedsExplicitKey(let host):
            "refusing to listen on \(host) with a generated API key: give one with --api-key to serve beyond this machine"
        case .invalidAPIKey:
            "an API key must be 8 to 128 printable ASCII characters without spaces"
        case .alreadyStarted:
            "the server is already running"
        case .dataDirectoryUnusable(let path, let reason):
            "cannot use the data directory \(path): \(reason)"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .userPoolNeedsTrust:
            "user-pool authorization needs the pool: give --user-pool-id (and --jwks-url when the keys are not at AWS)"
        case .portInUse(let host, let port):
            "port \(port) on \(host) is in use (another proptui serve?): stop that one, choose another port with --port, or --port 0 for a free one"
        case .storeNotEmpty(let dataDirectory):
            "the store in \(dataDirectory) already holds properties (or records of your models), so nothing was seeded: --seed fills only an empty store (give a new --data-dir)"
        case .storeDialectMismatch(let path, let stored, let requested):
            "\(path) holds a \(stored) store, not a \(requested) one: serve it with --schema \(stored), or give another --data-dir (it was left unchanged)"
        }
    }
}
