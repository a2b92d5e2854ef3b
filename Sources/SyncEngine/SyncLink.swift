import AppSync

/// How the list reaches the server, as one value. Whether anything may be sent and what the
/// header says both follow from it; there is no other copy. Events go in (a request answered, a
/// failure that stops sending, a probe's outcome, the realtime socket's state); what the list must
/// do comes out as actions, which the list's actor carries out (a probe is a task, a resume sends).
struct SyncLink: Equatable {
    enum State: Equatable {
        /// Nothing has answered yet.
        case connecting
        /// Requests are answered.
        case online
        /// Nothing is sent. Unreachable: a probe watches for the server's return (`probing` while
        /// one is on the wire). Anything else (credentials refused, not an AppSync endpoint, the API
        /// lacks what a request needs) only the user can fix: `R` asks again.
        case paused(AppSyncFailure)
        case probing(AppSyncFailure)
    }

    enum Action: Equatable {
        /// Start the probe task (the server could not be reached).
        case startProbing
        /// Stop it: the server answered.
        case stopProbing
        /// Sending may go on: the outbox drains.
        case resumeSending
        /// Say once that sending stopped for a reason only the user can fix.
        case reportStopped(AppSyncFailure)
        /// Open the realtime socket again now: it went down with the server, which is back, and
        /// its retry may be many seconds away.
        case reopenLiveSync
    }

    /// Live sync's realtime socket.
    enum LiveSync: Equatable {
        /// Not open (not wanted, or the dialect is not known yet), or opening.
        case closed
        /// Its subscriptions are acknowledged: changes made elsewhere arrive.
        case subscribed
        /// Down or refused: why, and when it is tried again.
        case down(String)
    }

    private(set) var state = State.connecting
    private(set) var liveSync = LiveSync.closed
    /// What the header was last told (see `takeShownChange`).
    private var lastShown = Connectivity.connecting

    /// Why nothing is sent, if nothing is.
    var pause: AppSyncFailure? {
        switch state {
        case .connecting, .online: nil
        case .paused(let failure), .probing(let failure): failure
        }
    }

    /// How requests reach the server.
    var requests: Connectivity {
        switch state {
        case .connecting: .connecting
        case .online: .online
        case .probing: .reconnecting
        case .paused(.unauthorized(let message)): .unauthorized(message)
        case .paused(.misconfigured(let message)), .paused(.notOffered(let message)): .misconfigured(message)
        case .paused(let failure): .offline(failure.description)
        }
    }

    /// What the header shows: a realtime socket that is down matters only while requests get through.
    var shown: Connectivity {
        if requests == .online, case .down(let problem) = liveSync { return .liveSyncDown(problem) }
        return requests
    }

    // MARK: - Events

    /// A request was answered (accepted, or refused for its content): the server is there and
    /// takes the credentials, so whatever stopped sending is over.
    mutating func answered() -> [Action] {
        var actions: [Action] = switch state {
        case .connecting, .online: []
        case .paused: [.resumeSending]
        case .probing: [.stopProbing, .resumeSending]
        }
        state = .online
        // A socket that went down during the outage is reopened, not said to be down: its reason
        // is the outage's, and said again after "Back online" it made a server that came and went
        // fill the messages with "Offline" and "Live sync down" in turn.
        if !actions.isEmpty, case .down = liveSync {
            liveSync = .closed
            actions.append(.reopenLiveSync)
        }
        return actions
    }

    /// A request failed for a reason that stops sending (others are the record's own business).
    mutating func failed(_ failure: AppSyncFailure) -> [Action] {
        guard failure.stopsSending else { return [] }
        let wasPaused = pause != nil
        switch (state, failure) {
        case (.probing, .unreachable):
            return []  // the probe's own outcome says more, in a moment
        case (.paused(.unreachable), .unreachable):
            state = .paused(failure)
            return []
        case (_, .unreachable):
            state = .paused(failure)
            return [.startProbing]
        case (.probing, _):
            state = .paused(failure)
            return [.stopProbing, .reportStopped(failure)]
        default:
            state = .paused(failure)
            // Said once: asked again (R) and still so, the caller reports the failed request itself.
            return wasPaused ? [] : [.reportStopped(failure)]
        }
    }

    /// The probe is about to ask the server; false when there is nothing to probe for any more.
    mutating func probeSending() -> Bool {
        guard case .paused(.unreachable(let reason)) = state else { return false }
        state = .probing(.unreachable(reason))
        return true
    }

    /// The probe got no answer: still unreachable (with the latest reason); it tries again later.
    mutating func probeUnanswered(_ reason: String) {
        guard case .probing = state else { return }
        state = .paused(.unreachable(reason))
    }

    /// The realtime socket opened, was acknowledged, or went down.
    mutating func liveSync(_ new: LiveSync) {
        liveSync = new
    }

    /// The header's value if it changed since it was last taken.
    mutating func takeShownChange() -> Connectivity? {
        guard shown != lastShown else { return nil }
        lastShown = shown
        return lastShown
    }
}
