import AppSync
import OptimisticStore

/// Opens the realtime socket with a dialect's subscriptions.
public typealias RealtimeConnector = @Sendable ([RealtimeSubscription]) -> RealtimeClient

/// Knowing the dialect: what the API offers is asked once per backend (an introspection query)
/// and kept with its cache and outbox. A request refused as invalid GraphQL means "this API does
/// not offer X": the list asks again (the backend's schema may have changed under it), switches
/// dialect if the API now speaks the other one, and otherwise stops sending and says what is
/// missing. Never "offline", never a revert: the outbox is kept.
extension RecordList {
    /// Makes sure the dialect is known, asking the API if needed; whether it is known now (when
    /// not, the reason is on screen and sending is paused: a probe or `R` asks again).
    @discardableResult
    func learnDialect() async -> Bool {
        if machine.dialectIsKnown { return true }
        if let learning = learningDialect {
            await learning.value
            return machine.dialectIsKnown
        }
        let learning = Task { await self.askDialect() }
        learningDialect = learning
        await learning.value
        learningDialect = nil
        return machine.dialectIsKnown
    }

    private func askDialect() async {
        let description: APIDescription?
        do {
            description = try await api.describe()
        } catch .notOffered {
            description = nil  // introspection is turned off: the API does not say
        } catch .transient(let reason) {
            // No usable answer (a connection closed before it, a 5xx, throttling): nothing works
            // until the dialect is known, so this is as good as unreachable for the link, which
            // says so and probes with backoff (a read has nothing to apply twice). Ignored, the
            // header said "connecting" for good and nothing was asked again until `R`.
            pauseSending(.unreachable(reason))
            return
        } catch {
            pauseSending(error)  // unreachable, refused credentials…: asked again when that is over
            return
        }
        serverAnswered()
        guard let description else {
            // A guess, corrected by the first refusal: one that names what only the versioned
            // dialect has means the plain one.
            let refusal = machine.refusalBeingChecked?.failure
            run(machine.learnt(refusal?.missesVersionedOnlyParts(of: server.modelDescription) == true ? .plain : (dialectHint ?? .versioned)))
            return
        }
        switch description.dialect() {
        case .success(let dialect): run(machine.learnt(dialect))
        case .failure(let missing): pauseSending(missing)
        }
    }

    // MARK: - Live sync's socket

    /// Keeps a realtime socket open with the dialect's subscriptions (opened once the dialect is
    /// known, and again when it changes).
    public func enableLiveSync(_ connector: @escaping RealtimeConnector) {
        realtimeConnector = connector
        if machine.dialectIsKnown { restartLiveSync() }
    }

    /// Closes the socket (when the app quits).
    public func disableLiveSync() {
        realtimeConnector = nil
        stopLiveSync()
    }

    func restartLiveSync() {
        // Not wanted (or followed from outside, as tests do): what the socket said stays as it is.
        guard let connect = realtimeConnector else { return }
        stopLiveSync()
        let client = connect(api.subscriptions)
        let events = client.start()
        realtime = (client, Task { await self.follow(events) })
    }

    private func stopLiveSync() {
        guard let (client, following) = realtime else { return }
        client.stop()
        following.cancel()
        realtime = nil
        run(machine.liveSyncClosed())
    }
}
