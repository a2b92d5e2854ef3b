import AppSync
import OptimisticStore

/// Opens the realtime socket with a dialect's subscriptions.
public typealias RealtimeConnector = @Sendable ([RealtimeSubscription]) -> RealtimeClient

/// Knowing the dialect: what the API offers is asked once per backend (an introspection query)
/// and kept with its cache and outbox. A request refused as invalid GraphQL means "this API does
/// not offer X": the list asks again (the backend's schema may have changed under it), switches
/// dialect if the API now speaks the other one, and otherwise stops sending and says what is
/// missing. Never "offline", never a revert: the outbox is kept.
extension RealEstatePropertyList {
    /// Makes sure the dialect is known, asking the API if needed; whether it is known now (when
    /// not, the reason is on screen and sending is paused: a probe or `R` asks again).
    @discardableResult
    func learnDialect(afterRefusal refusal: AppSyncFailure? = nil) async -> Bool {
        if dialectIsKnown { return true }
        if let learning = learningDialect {
            await learning.value
            return dialectIsKnown
        }
        let learning = Task { await self.askDialect(afterRefusal: refusal) }
        learningDialect = learning
        await learning.value
        learningDialect = nil
        return dialectIsKnown
    }

    private func askDialect(afterRefusal refusal: AppSyncFailure?) async {
        let description: APIDescription?
        do {
            description = try await api.describe()
        } catch .notOffered {
            description = nil  // introspection is turned off: the API does not say
        } catch {
            pauseSending(error)  // unreachable, refused credentials…: asked again when that is over
            return
        }
        guard let description else {
            // A guess, corrected by the first refusal: one that names what only the versioned
            // dialect has means the plain one.
            adopt(refusal?.missesVersionedOnlyParts == true ? .plain : (dialectHint ?? .versioned))
            return
        }
        switch description.dialect() {
        case .success(let dialect): adopt(dialect)
        case .failure(let missing): pauseSending(missing)
        }
    }

    /// Speaks `dialect` from now on, keeps it with the cache, and resubscribes if it changed.
    func adopt(_ dialect: APIDialect) {
        let previous = api.dialect
        api = api.speaking(dialect)
        dialectIsKnown = true
        persist("the API's dialect") { try storage.setDialect(dialect) }
        // The outbox waited for this.
        enqueueEverythingPending()
        pump()
        guard dialect != previous else {
            if realtime == nil { restartLiveSync() }  // the first time it is known
            return
        }
        logger.notice("the API speaks the \(dialect) dialect")
        if previous.hasVersions, !dialect.hasVersions {
            // The cached versions are `_version` numbers; the plain dialect's are times, always
            // larger: the server's copies win over them by themselves.
        } else if !previous.hasVersions, dialect.hasVersions {
            // Cached times would outrank every `_version` the server sends: the cache goes, the
            // refresh that follows brings the list back (pending changes stay on top).
            publish(store.replaceConfirmed(with: []))
            persist("the emptied cache") { try storage.clearCache() }
        }
        restartLiveSync()
    }

    /// A request was refused as invalid GraphQL. Nothing more is sent until the API has been
    /// asked again what it offers: then the outbox goes out in the dialect it speaks, or, if it
    /// still lacks what the request needs, sending stops and the header says what is missing.
    func apiRefused(_ refusal: AppSyncFailure) {
        guard dialectIsKnown else { return }  // already being asked
        dialectIsKnown = false
        let before = api.dialect
        Task {
            guard await self.learnDialect(afterRefusal: refusal) else { return }
            await self.refusalUnderstood(refusal, before: before)
        }
    }

    private func refusalUnderstood(_ refusal: AppSyncFailure, before: APIDialect) {
        if api.dialect != before {
            resumeSending()  // in the new dialect: the outbox, then a whole list
        } else {
            pauseSending(refusal)
        }
    }

    // MARK: - Live sync's socket

    /// Keeps a realtime socket open with the dialect's subscriptions (opened once the dialect is
    /// known, and again when it changes).
    public func enableLiveSync(_ connector: @escaping RealtimeConnector) {
        realtimeConnector = connector
        if dialectIsKnown { restartLiveSync() }
    }

    /// Closes the socket (when the app quits).
    public func disableLiveSync() {
        realtimeConnector = nil
        stopLiveSync()
    }

    func restartLiveSync() {
        stopLiveSync()
        guard let connect = realtimeConnector else { return }
        let client = connect(api.dialect.subscriptions)
        let events = client.start()
        realtime = (client, Task { await self.follow(events) })
    }

    private func stopLiveSync() {
        realtime?.client.stop()
        realtime?.following.cancel()
        realtime = nil
        subscribed = false
        liveSyncProblem = nil
        publishLink()
    }
}
