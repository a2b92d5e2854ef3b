import AmplifyModels
import AppSync
import Foundation
import Glibc
import LocalAppSync
import Logging
import SyncEngine

/// What the connection options say, read before anything is started or written: the API (nil:
/// the embedded server), its models as far as files say, and how to authorize. A bad config or
/// models file, or a mode that cannot be used, is said here, with or without a terminal.
struct ResolvedConnection {
    let options: ConnectionOptions
    let remote: AppSyncConfiguration?
    let shown: ConnectionOptions.ShownModels
    let prompt: SignInPrompt
    let authorizer: (any RequestAuthorizer)?

    init(_ options: ConnectionOptions, environment: [String: String]) throws {
        self.options = options
        let (remote, configFile) = try options.remoteConfiguration(environment: environment)
        self.remote = remote
        shown = try options.modelsDescribed(remote: remote, configFile: configFile)
        let prompt = RemoteAuth.prompt(arguments: options.auth, environment: environment)
        self.prompt = prompt
        authorizer = try remote.map {
            try RemoteAuth.authorizer(
                configuration: $0, arguments: options.auth, environment: environment,
                dataDirectory: DataDirectory.resolve(options.dataDirectory), prompt: prompt)
        }
    }

    /// Who opens the connection, and so what it takes.
    enum User {
        /// The app: the outbox, and the embedded server (another one over the same data
        /// directory is refused: two apps would each send one outbox).
        case app
        /// A script that changes records: the outbox; a server already running over the data
        /// directory is used.
        case changes
        /// A script that only reads: no outbox (it may run beside the app, which holds it).
        case reads
    }

    /// The data directory made, the log opened, the outbox taken (if another proptui holds it,
    /// nothing else is started), the backend started or reached, signed in, and the models of
    /// an API no file describes asked of it.
    func open(for user: User = .app, faults: FaultSettings.Values = .init(latency: .zero, failRate: 0)) async throws -> OpenedConnection {
        let dataDirectory = try DataDirectory.prepare(DataDirectory.resolve(options.dataDirectory))
        let sink = try FileLogHandler.Sink(path: StateDirectory.logFile(options.logFile))
        LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: sink) }

        let outboxPath = OutboxFile.path(dataDirectory: dataDirectory, endpoint: remote?.graphQLEndpoint)
        let storage: SyncStorage
        var outboxLock: Int32 = -1
        if user == .reads {
            // Without the outbox's lock, so a read runs beside the app: it sends nothing, and
            // reads only the dialect and row count the app kept (SQLite's WAL lets both in).
            storage = try OutboxFile.openForReading(path: outboxPath)
        } else {
            do {
                (storage, outboxLock) = try OutboxFile.open(path: outboxPath)
            } catch let inUse as OutboxInUse where user == .changes {
                throw UsageProblem(inUse.scriptDescription)
            }
        }
        var shown = shown
        let backend: Backend
        do {
            var served: ServedModels?
            if case .models(_, let models) = shown { served = models }
            backend = try await Self.makeBackend(
                remote, authorizer: authorizer, dataDirectory: dataDirectory, faults: faults, models: served, joinsARunningOne: user != .app)
            // A server another proptui runs may serve models no option here names: it says which.
            if backend.joined, case .sample = shown { shown = .askTheAPI }
        } catch let error as LocalAppSyncError {
            close(outboxLock)
            if case .portInUse = error { throw UsageProblem(error.description) }
            throw error
        } catch {
            close(outboxLock)
            throw error
        }
        var notices: [String] = []
        do {
            // A user pool asks for its password here, before a screen takes the terminal.
            try await backend.authorizer.prepare()
            prompt.stopAsking()
            if case .askTheAPI = shown {
                (shown, notices) = try await Self.modelsAskedOf(backend, outboxPath: outboxPath)
            }
        } catch {
            await backend.stop()
            close(outboxLock)
            throw error
        }
        let schema: ModelSchema
        if case .models(let described, _) = shown { schema = described } else { schema = .realEstateProperty }
        let isSample = if case .models = shown { false } else { true }
        let isGen2 = remote?.isAmplifyGen2 == true
        return OpenedConnection(
            backend: backend, storage: storage, outboxLock: outboxLock, schema: schema, isSample: isSample,
            // The embedded server serves your models in Gen 2's dialect, and the sample in the one its data has.
            dialectHint: isGen2 || (remote == nil && !isSample) ? .plain : nil, notices: notices)
    }

    private static func makeBackend(
        _ remote: AppSyncConfiguration?, authorizer: (any RequestAuthorizer)?, dataDirectory: String, faults: FaultSettings.Values,
        models: ServedModels?, joinsARunningOne: Bool
    ) async throws -> Backend {
        if let remote, let authorizer { return .remote(remote, authorizer: authorizer) }
        return try await Backend.embedded(dataDirectory: dataDirectory, faults: faults, models: models, joinsARunningOne: joinsARunningOne)
    }

    /// What the API's introspection (or the last start's) says of a remote API no file describes.
    /// With what could not be learnt, for the screen.
    private static func modelsAskedOf(_ backend: Backend, outboxPath: String) async throws -> (ConnectionOptions.ShownModels, notices: [String]) {
        let learnt = await APIModels.learn(
            configuration: backend.configuration, authorizer: backend.authorizer, keptAt: APIModels.path(outboxPath: outboxPath))
        // The API has models, and would describe none of them: the sample app would only say the
        // API has no RealEstateProperty model, which is not why nothing is shown.
        if let schema = learnt.schema, schema.models.isEmpty, !learnt.problems.isEmpty {
            throw ModelsNotShown(problems: learnt.problems)
        }
        return (learnt.schema.map(ConnectionOptions.shown) ?? .sample, learnt.problems)
    }
}

/// No model of the API can be shown, and why.
struct ModelsNotShown: Error, CustomStringConvertible {
    var problems: [String]
    var description: String { "none of the API's models can be shown: " + problems.joined(separator: "; ") }
}

/// A backend ready to use: its outbox file held by this process, the backend started or
/// reached and signed in, and the models it has.
struct OpenedConnection {
    let backend: Backend
    let storage: SyncStorage
    /// Held until `close`: two processes sending one outbox would each send the same changes.
    /// -1 for a script that only reads (it opens the file without it).
    let outboxLock: Int32
    /// The backend's models; the sample's one when it has no others.
    let schema: ModelSchema
    /// The sample's model alone (its file's rows may still be the sample screen's own).
    let isSample: Bool
    /// The dialect to assume until the API is asked (nil: ask it first).
    let dialectHint: APIDialect?
    /// What could not be learnt of the API's models (one left out, and why).
    let notices: [String]

    /// The model named `name`, or a usage problem naming the models there are.
    func model(named name: String, option: String) throws(UsageProblem) -> AmplifyModel {
        guard let model = schema.model(named: name) else {
            throw UsageProblem("\(option) \(name): the models are \(schema.models.map(\.name).joined(separator: ", "))"
                + (isSample ? " (give --models FILE for yours)" : ""))
        }
        return model
    }

    /// The backend stopped (a change the server took while it stopped is confirmed), the outbox
    /// checkpointed, so the next start opens it with no WAL to read through, and let go.
    /// Returns how many changes are still unsent, counted on disk, else `pendingInMemory`.
    func close(pendingInMemory: Int = 0) async -> Int {
        await backend.stop()
        guard outboxLock >= 0 else { return 0 }  // a read: no outbox
        let unsynced = (try? storage.outboxCount()) ?? pendingInMemory
        try? storage.checkpoint()
        Glibc.close(outboxLock)
        return unsynced
    }
}
