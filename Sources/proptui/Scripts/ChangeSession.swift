import AmplifyModels
import AppSync
import Foundation
import Logging
import SyncEngine

/// A script command that changes records, connected to its backend: the outbox file held, the model's
/// `RecordList` over its cache (the same engine, outbox and checks as the app), and the list of
/// every other model with changes an earlier run left unsent, so that those are sent now too
/// ("the next time proptui runs against this backend"). Nothing is read whole: a start reads
/// the first page only (`SyncPolicy.views`); a key is asked of the server when it is needed.
struct ChangeSession {
    let opened: OpenedConnection
    let layout: RecordLayout
    let list: RecordList<ModelRecord>
    /// Every list made, the script model's among them, by model name.
    let lists: [String: RecordList<ModelRecord>]
    let watch: ListWatch
    /// The records of the model with a change an earlier run left in the outbox, as it was
    /// opened (before the lists start sending them): an import counts those rows by their
    /// outcome, not by where they happen to be when it reaches them.
    let queuedEarlier: Set<RecordKey>
    /// What the model's auth rules allow with the backend's mode, as the app shows it.
    let access: ModelAccess

    /// `parallelCreates`: the model's creates go that many at a time, their order not kept (an
    /// import's rows); nil: one at a time in the order made, as the app sends them.
    static func open(_ options: ConnectionOptions, model name: String, parallelCreates: Int? = nil) async throws -> ChangeSession {
        let resolved = try ResolvedConnection(options, environment: ProcessInfo.processInfo.environment)
        let opened = try await resolved.open(for: .changes)
        do {
            return try await make(opened, model: name, parallelCreates: parallelCreates)
        } catch {
            _ = await opened.close()
            throw error
        }
    }

    private static func make(_ opened: OpenedConnection, model name: String, parallelCreates: Int?) async throws -> ChangeSession {
        let model = try opened.model(named: name, option: "MODEL")
        let schema = opened.schema
        let layout: RecordLayout
        do throws(ModelRecordError) {
            layout = try RecordLayout(model: model, schema: schema)
        } catch {
            throw UsageProblem("\(name) cannot be changed here: \(error)")
        }
        let backend = opened.backend
        let client = AppSyncClient(configuration: backend.configuration, authorizer: backend.authorizer)
        let dialect = (try? opened.storage.dialect()) ?? opened.dialectHint ?? .plain
        let subscriber = await SignedInUser.name(of: backend.authorizer, endpoint: backend.configuration.graphQLEndpoint)
        let watch = ListWatch(model: name)
        let creates = PendingCreates()
        // One page at start, not the whole table: a script changes a few records, or queues rows
        // whose keys it asks of the server as it sends them.
        let options = SyncOptions(syncPolicy: .views)
        let modelOptions = parallelCreates.map { SyncOptions(maximumParallelSends: $0, syncPolicy: .views, keepsCreationOrder: false) } ?? options
        var lists: [String: RecordList<ModelRecord>] = [:]
        for other in schema.models {
            guard let otherLayout = other.name == name ? layout : try? RecordLayout(model: other, schema: schema) else { continue }
            let cache = try opened.storage.cache(for: otherLayout, takingTheSamplesRows: opened.isSample)
            guard other.name == name || (try? cache.outboxCount()) ?? 0 > 0 else { continue }
            let api = AppSyncModelAPI(
                client: client, model: ModelRecordSync(layout: otherLayout, dialect: dialect.documentDialect, subscriber: subscriber),
                dialect: dialect)
            let listName = other.name
            lists[listName] = try RecordList<ModelRecord>(
                api: api, storage: cache, options: other.name == name ? modelOptions : options, dialectHint: opened.dialectHint, gate: creates.gate(for: otherLayout),
                logger: Logger(label: "proptui.script.\(listName)")
            ) { events in watch.hear(events, from: listName) }
        }
        let queuedEarlier = await lists[name]!.recordsWithPendingOperations
        for list in lists.values { await list.start() }
        return ChangeSession(
            opened: opened, layout: layout, list: lists[name]!, lists: lists, watch: watch, queuedEarlier: queuedEarlier,
            access: model.access(with: backend.authProviders))
    }

    /// Refuses a change the model's rules do not allow with the backend's mode, before anything
    /// is queued, as the app shows the model read-only: a real API would refuse every one.
    func checkAllowed(_ operation: ModelOperation) throws {
        guard !access.allows(operation) else { return }
        let model = layout.model.name
        if let reason = access.readOnlyReason {
            throw ScriptFailure(access.allowed.isDisjoint(with: ModelOperation.writes) ? .auth : .usage, "\(model) cannot be changed here: \(reason)")
        }
        let modes = opened.backend.authProviders.map(\.displayName).sorted().joined(separator: " or ")
        throw ScriptFailure(.auth, "\(model)'s auth rules allow no \(operation.rawValue) with \(modes)")
    }

    /// Whether the backend keeps versions (`_version` in the records' wire lines).
    var versioned: Bool {
        (watch.read(\.dialect) ?? (try? opened.storage.dialect()) ?? opened.dialectHint)?.hasVersions ?? false
    }

    /// The changes of every list not confirmed yet.
    func pendingCount() async -> Int {
        var count = 0
        for list in lists.values { count += await list.pendingCount }
        return count
    }

    /// Waits for the other lists' earlier changes to be sent (at most `timeout`), then stops the
    /// backend and lets the outbox go. Answers how many changes are still unsent.
    func close(drainFor timeout: Duration = .seconds(30)) async -> Int {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, await pendingCount() > 0, linkUsable {
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await opened.close(pendingInMemory: await pendingCount())
    }

    /// The requests get through on every list (or nothing has been said yet).
    private var linkUsable: Bool {
        watch.read { state in
            state.connectivity.values.allSatisfy { connectivity in
                switch connectivity {
                case .online, .liveSyncDown, .connecting, .reconnecting: true
                case .offline, .unauthorized, .misconfigured: false
                }
            }
        }
    }

    /// The exit for a link that stopped requests, said as the command's failure (nil: usable).
    /// `kept`: a change waits in the outbox (75 when unreachable), else nothing changed (69).
    func linkFailure(kept: Bool, in state: ListWatch.State) -> ScriptFailure? {
        switch state.connectivity[watch.model] {
        case .offline(let why)?:
            return kept
                ? ScriptFailure(.keptInOutbox, "the server cannot be reached (\(why)): the change is kept in the outbox and will be sent the next time proptui runs against this backend")
                : ScriptFailure(.unreachable, "the server cannot be reached (\(why)); nothing was changed")
        case .unauthorized(let why)?:
            return ScriptFailure(.auth, "the server refused the credentials (\(why))" + (kept ? "; the change is kept in the outbox" : ""))
        case .misconfigured(let why)?:
            return ScriptFailure(.failure, "the endpoint cannot be used (\(why))" + (kept ? "; the change is kept in the outbox" : ""))
        default:
            return nil
        }
    }
}
