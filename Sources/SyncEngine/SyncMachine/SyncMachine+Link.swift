import AppSync
import OptimisticStore

/// Reaching the server: sending stops when it cannot be reached (a probe watches for its return,
/// no key press needed) or refuses the credentials (said once; `R` asks again), and goes on when
/// it answers. Live sync's socket only changes what the header says.
extension SyncMachine {
    /// A request was answered: whatever stopped sending is over.
    mutating func serverAnswered() -> [Action] {
        perform(link.answered())
    }

    /// Stops all sending (for a failure that stops it; others are the record's own business).
    mutating func pauseSending(_ reason: AppSyncFailure) -> [Action] {
        var actions = perform(link.failed(reason)) + loadingStopped()
        if case .unreachable(let message) = reason, options.offlineMode == .revert { actions += revertUnsendable(message) }
        return actions
    }

    /// Carries out what the link asks for, and tells the screen how it looks now.
    private mutating func perform(_ linkActions: [SyncLink.Action]) -> [Action] {
        var actions: [Action] = []
        for action in linkActions {
            switch action {
            case .startProbing: actions.append(.startProbing)
            case .stopProbing: actions.append(.stopProbing)
            case .resumeSending:
                enqueueEverythingPending()
                actions += pump()
            case .reportStopped(let failure): actions.append(.log(.warning, "sending stopped: \(failure)"))
            case .reopenLiveSync: actions.append(.reopenLiveSync)
            }
        }
        return actions + publishLink()
    }

    /// A read of the whole list failed: what stops sending is said once (a header that says it,
    /// and a status line); asked again with `R` and still so, or anything else, is a failed refresh.
    /// `delay`: when it is made again by itself (said with the failure).
    mutating func wholeReadFailed(_ error: AppSyncFailure, retryIn delay: Duration? = nil) -> [Action] {
        let actions = loadingStopped()
        let retry = delay.map { "; reading again in \(Self.seconds($0))" } ?? ""
        let loadFailed = Action.emit(.loadFailed(message: error.description + retry))
        switch error {
        case .notOffered:
            // Asks the API again; says what is missing if it still lacks it.
            return actions + (link.pause == nil ? apiRefused(error, sentIn: dialect) : [loadFailed])
        case .unauthorized, .misconfigured:
            return actions + (link.pause == nil ? pauseSending(error) : [loadFailed])
        case .unreachable:
            return actions + pauseSending(error) + [loadFailed]
        case .transient, .rejected:
            return actions + [loadFailed]
        }
    }

    // MARK: - The probe

    /// The probe is about to ask the server; false when there is nothing to probe for any more.
    mutating func probeSending() -> (go: Bool, actions: [Action]) {
        let go = link.probeSending()
        return (go, publishLink())
    }

    /// The probe's answer: the server is back (the outbox drains, the list is read again), still
    /// not there (the probe tries again later), or there and refusing (sending stays stopped, said).
    /// Whether the probing is over.
    mutating func probed(_ outcome: Result<Void, AppSyncFailure>) -> (over: Bool, actions: [Action]) {
        switch outcome {
        case .success:
            return (true, resumeSending())
        case .failure(.unreachable(let reason)), .failure(.transient(let reason)):
            link.probeUnanswered(reason)
            return (false, publishLink())
        case .failure(let failure):
            return (true, pauseSending(failure))
        }
    }

    /// The server is back (or speaks another dialect now): the outbox drains at once and the list
    /// is read again.
    mutating func resumeSending() -> [Action] {
        var actions = serverAnswered()
        enqueueEverythingPending()
        actions += pump()
        return actions + [.refresh]
    }

    /// `--offline revert`: what cannot be sent now is taken back at once, as the sample does. Only
    /// operations that never reached the server: one that may have is resolved against the server
    /// first, so nothing is reported reverted that happened.
    mutating func revertUnsendable(_ reason: String) -> [Action] {
        var actions: [Action] = []
        for operation in store.pendingOperations.reversed()
        where !operation.mayHaveReachedServer && !schedule.isOnTheWire(operation.id, of: operation.recordID) {
            actions += refuse(operation, message: "offline, not sent (\(reason))", conflict: false)
        }
        return actions
    }

    // MARK: - Live sync

    /// The realtime subscriptions are acknowledged: the header says nothing of live sync.
    mutating func liveSyncUp() -> [Action] {
        link.liveSync(.subscribed)
        return publishLink()
    }

    /// The realtime socket is down (`refused`: the server turned it away), and is tried again
    /// after `delay`. A socket that dropped may mean the server is gone: it is asked at once
    /// (`checkServer`, then `checked`), so that the header says offline with no key pressed
    /// rather than at the next change.
    mutating func liveSyncDown(_ reason: String, retryIn delay: Duration, refused: Bool = false) -> [Action] {
        // The retry first: the header has little room, and the reason can be long.
        link.liveSync(.down("retrying in \(Self.seconds(delay)); \(reason)"))
        let check: [Action] = !refused && link.pause == nil ? [.checkServer] : []
        return publishLink() + check
    }

    /// What `checkServer` found: answered (nil), or why not.
    mutating func checked(_ failure: AppSyncFailure?) -> [Action] {
        guard let failure else { return serverAnswered() }
        return failure.stopsSending ? pauseSending(failure) : []
    }

    /// A delay in whole seconds, at least one: "3 s".
    static func seconds(_ delay: Duration) -> String {
        "\(max(1, Int((Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18).rounded()))) s"
    }

    /// The socket was closed on purpose (the dialect changed, or the app quits), or is opening.
    mutating func liveSyncClosed() -> [Action] {
        link.liveSync(.closed)
        return publishLink()
    }

    /// Whether changes made elsewhere arrive now.
    var isSubscribed: Bool { link.liveSync == .subscribed }
}
