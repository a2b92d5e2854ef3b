import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import Logging
import ModelBrowser
import SyncEngine
import ScreenValues
import Terminal

/// The app for a backend's own models: one `RecordList` per model, all in the backend's one
/// outbox file (so every model's unsent changes are sent at start, whichever is shown), each
/// following its model's subscriptions, and the browser's screen over them.
struct ModelsApp {
    let schema: ModelSchema
    let backend: Backend
    let storage: SyncStorage
    let initialModel: String?
    let options: SyncOptions
    let dialectHint: APIDialect?
    /// What could not be learnt of the API's models (one left out, and why): on the status line.
    var notices: [String] = []
    /// The sample run as its model: `RealEstateProperty`'s cache takes the rows the sample's own
    /// screen left in the file (`SyncStorage.cache(for:takingTheSamplesRows:)`).
    var takesTheSamplesRows = false
    let logger = Logger(label: "proptui.models")

    /// Runs until the user quits; how the loop ended.
    func run(terminal: TerminalOptions) async throws -> (LoopExit, lists: [String: RecordList<ModelRecord>]) {
        var layouts: [String: RecordLayout] = [:]
        var usable: [AmplifyModel] = []
        var notices = notices
        for model in schema.models {
            do throws(ModelRecordError) {
                layouts[model.name] = try RecordLayout(model: model, schema: schema)
                usable.append(model)
            } catch {
                logger.warning("\(model.name) is left out: \(error)")
                notices.append("\(model.name) is not shown: \(error)")
            }
        }
        let shownSchema = ModelSchema(models: usable, enums: schema.enums, nonModels: schema.nonModels)
        let modes = backend.authProviders
        let access = Dictionary(uniqueKeysWithValues: usable.map { ($0.name, $0.access(with: modes)) })

        let mailbox = try Mailbox<BrowserAction>()
        if !notices.isEmpty { mailbox.post(.noticed(notices.joined(separator: "; "))) }
        let client = AppSyncClient(configuration: backend.configuration, authorizer: backend.authorizer)
        let dialect = (try? storage.dialect()) ?? dialectHint ?? .plain
        var lists: [String: RecordList<ModelRecord>] = [:]
        // Named in the subscriptions of a model whose API requires its owner (Gen 1's first transformer).
        let subscriber = await SignedInUser.name(of: backend.authorizer, endpoint: backend.configuration.graphQLEndpoint)
        for model in usable where model.requiresOwnerArgument && subscriber == nil {
            logger.warning("\(model.name)'s subscriptions require its owner, and the app is signed in as no user: its live updates are refused")
        }
        if takesTheSamplesRows, let left = try? storage.sampleRowsLeft(), left.records + left.operations > 0 {
            // Said before the screen takes the terminal: a large cache takes seconds to move, once.
            print("proptui: moving what the sample's screen kept (\(NumberText.grouped(left.records)) cached records, "
                + "\(NumberText.grouped(left.operations)) unsent changes) to its model's cache, once…")
        }
        // A record made under a parent still in the outbox waits for it, across models.
        let creates = PendingCreates()
        for model in usable {
            let layout = layouts[model.name]!
            let name = model.name
            let api = AppSyncModelAPI(client: client, model: ModelRecordSync(layout: layout, dialect: dialect.documentDialect, subscriber: subscriber), dialect: dialect)
            lists[name] = try RecordList<ModelRecord>(
                api: api, storage: try storage.cache(for: layout, takingTheSamplesRows: takesTheSamplesRows), options: options, dialectHint: dialectHint,
                gate: creates.gate(for: layout), logger: Logger(label: "proptui.sync.\(name)")
            ) { (events: [RecordListEvent<ModelRecord>]) in
                mailbox.post(contentsOf: events.map { .list(model: name, $0) })
            }
        }
        let realtimeURL = backend.configuration.realtimeEndpoint
        let realtimeAuthorization = backend.authorizer.realtimeAuthorization(graphQLEndpoint: backend.configuration.graphQLEndpoint)
        for list in lists.values {
            await list.enableLiveSync { subscriptions in
                RealtimeClient(url: realtimeURL, subscriptions: subscriptions, authorize: realtimeAuthorization)
            }
            await list.start()
        }
        var state = BrowserState(
            schema: shownSchema, layouts: layouts, access: access, backend: backend.label,
            initialModel: initialModel.flatMap { name in usable.first { $0.name == name }?.name })
        state.colorEnabled = terminal.colors
        state.fixedClockTime = ScreenSettings.fixedClockTime(environment: ProcessInfo.processInfo.environment)
        state.revertsOffline = options.offlineMode == .revert
        state.insideTmux = !(ProcessInfo.processInfo.environment["TMUX"] ?? "").isEmpty
        // The embedded server's faults, which `F` and `L` change while the app runs.
        state.simulation = backend.embedded.map {
            Simulation(failureRate: $0.faults.values.failRate, latency: $0.faults.values.latency)
        }
        let runner = ModelEffectRunner(lists: lists, mailbox: mailbox, faults: backend.embedded?.faults)
        let startState = state
        let exit = try await TerminalThread.run(mailbox: mailbox, options: terminal) { BrowserDriver(state: startState, perform: runner.perform) }
        for list in lists.values { await list.disableLiveSync() }
        return (exit, lists)
    }
}

/// Carries out the browser's effects on the models' lists, off the loop's thread: the local
/// part of a change goes through `Mailbox.spawn` (the loop draws once it is done, with the rows
/// the list posted), the network part runs on in the list's own sender.
struct ModelEffectRunner: Sendable {
    let lists: [String: RecordList<ModelRecord>]
    let mailbox: Mailbox<BrowserAction>
    /// The embedded server's faults; nil with any other backend.
    let faults: FaultSettings?
    /// The sort or filter of a large list being computed; the next one cancels it.
    let rowWork = LatestTask()
    /// The filter asked of the server (a view); the next one, or Esc, stops it.
    let viewWork = LatestTask()

    func perform(_ effect: BrowserEffect) {
        switch effect {
        case .create(let model, let record):
            change(model) { list throws(InvalidInput) in try await list.create(record) }
        case .update(let model, let key, let patch):
            change(model) { list throws(InvalidInput) in try await list.update(key, patch) }
        case .delete(let model, let key):
            change(model) { list throws(InvalidInput) in try await list.delete(key) }
        case .deleteMany(let model, let keys):
            change(model) { list throws(InvalidInput) in _ = try await list.delete(keys) }
        case .updateMany(let model, let keys, let patch):
            change(model) { list throws(InvalidInput) in _ = try await list.update(keys, patch) }
        case .undo(let model):
            guard let list = lists[model] else { return }
            mailbox.spawn {
                switch await list.undo() {
                case .undone(let message, let key): [.undid(message, model: model, key: key)]
                case let outcome: [.noticed(outcome.message)]
                }
            }
        case .reapplyMine(let model, let key):
            guard let list = lists[model] else { return }
            mailbox.spawn {
                do throws(InvalidInput) {
                    return [.noticed(try await list.reapplyMine(key))]
                } catch {
                    return [.changeFailed(error.message)]
                }
            }
        case .dismissConflict(let model, let key):
            guard let list = lists[model] else { return }
            mailbox.spawn {
                await list.dismissConflict(key)
                return []
            }
        case .refresh(let model):
            guard let list = lists[model] else { return }
            Task.detached { await list.refresh(askedByUser: true) }
        case .setSimulatedFailureRate(let rate):
            faults?.update { $0.failRate = rate }
        case .setSimulatedLatency(let latency):
            faults?.update { $0.latency = latency }
        case .recomputeRows(let model, let job):
            // Off the loop; the next sort or filter cancels this one (its result would be stale anyway).
            rowWork.replace(with: Task.detached(priority: .userInitiated) { [mailbox] in
                guard let result = job.run(isCancelled: { Task.isCancelled }) else { return }
                mailbox.post(.rowsRecomputed(model: model, result))
            })
        case .askServer(let model, let plan, let view, let filter):
            guard let list = lists[model] else { return }
            viewWork.replace(with: Task.detached(priority: .userInitiated) { await list.askServer(plan, view: view, filter: filter) })
        case .stopServerView:
            viewWork.replace(with: Task {})
        case .quit, .redraw, .copyToClipboard:
            break  // the loop's (`BrowserDriver`)
        }
    }

    private func change(_ model: String, _ apply: @escaping @Sendable (RecordList<ModelRecord>) async throws(InvalidInput) -> Void) {
        guard let list = lists[model] else { return }
        mailbox.spawn {
            do throws(InvalidInput) {
                try await apply(list)
                return []
            } catch {
                return [.changeFailed(error.message)]
            }
        }
    }
}
