import ModelScreens
import PropertySync

/// What the list reports reaches the screen as it is: each `ListEvent` changes the state here,
/// with no relay type in between.
extension AppState {
    mutating func reduce(listEvent event: ListEvent, now: ContinuousClock.Instant) {
        switch event {
        case .rowsChanged(let update):
            changeRows(now: now) { $0.apply(update) }
            forgetSettledConflicts(update)
        case .loaded(let newRows):
            // Every row at once: the first load, or a reset. Rows that stay keep their place.
            changeRows(now: now) { $0.replaceAll(with: newRows) }
        case .connectivityChanged(let state):
            connectionChanged(to: state, now: now)
        case .loadStateChanged(let state):
            loadState = state
        case .pendingCountChanged(let count):
            pendingCount = max(0, count)
            if case .confirmQuit = overlay { overlay = .confirmQuit(unsynced: pendingCount) }
        case .busyChanged(let busy):
            isBusy = busy
        case .loadProgress(let progress):
            loadProgress = progress
        case .dialectKnown(let known):
            dialect = known
        case .succeeded(let summary):
            show(Self.successText(summary.kind, record: summary.recordName), .success, now: now)
        case .reverted(let summary, let message, let conflict):
            // A refused delete's row is back: selected again if the selection only moved off it
            // because it went, so that the keys the message names act on it, not its neighbour.
            if summary.kind == .delete, let lost = selectionLost, lost.gone == summary.recordID, selectedID == lost.neighbour,
               rows.index(of: summary.recordID) != nil {
                selectedID = summary.recordID
                selectionLost = nil
                keepSelectionVisible()
            }
            if conflict {
                conflictedChanges[summary.recordID] = Self.yours(summary)
            } else {
                revertedRows[summary.recordID] = message
            }
            showFailure(OperationFailure(
                operation: summary.kind, record: summary.recordName, message: message, reverted: true,
                newName: summary.newName, takenBackWith: summary.takenBackWith, lastShown: summary.lastShown), now: now)
        case .refreshed:
            show(Self.successText(.refresh, record: nil), .success, now: now)
        case .loadFailed(let message):
            showFailure(OperationFailure(operation: .refresh, record: nil, message: message, reverted: false), now: now)
        }
    }

    /// A conflict settled by a new edit, by `x`, or by the row going away: its "yours" goes too.
    private mutating func forgetSettledConflicts(_ update: RowUpdate) {
        guard !conflictedChanges.isEmpty else { return }
        for id in update.removed { conflictedChanges[id] = nil }
        for row in update.upserted where conflictedChanges[row.id] != nil {
            if case .conflict = row.status { continue }
            conflictedChanges[row.id] = nil
        }
    }

    private mutating func connectionChanged(to state: Connectivity, now: ContinuousClock.Instant) {
        let old = connection
        connection = state
        // "refresh failed: the server refused the connection" is stale once it answers.
        if state.requestsGetThrough, status?.aboutConnection == true {
            status = StatusMessage(ConnectionNotice.backOnline, level: .success, now: now)
        }
        if let notice = ConnectionNotice.text(from: old, to: state, revertsOffline: options.revertsOffline) {
            show(notice, .info, now: now)
            // An offline notice is stale once requests get through again (live sync's is not).
            if case .offline = state, status?.text == notice { status?.aboutConnection = true }
        }
        // Said once, when it starts: sending stops until it is fixed (R tries again).
        if let reason = ConnectionNotice.stopped(state) {
            showFailure(OperationFailure(operation: .refresh, record: nil, message: reason, reverted: false), now: now)
        }
    }

    /// The user's change in a conflict, for the detail view.
    static func yours(_ summary: OperationSummary) -> String {
        OperationWords.of(summary.kind).yours(summary.newName)
    }

    /// An operation that did not happen, on the status line; a refused create is offered again.
    mutating func showFailure(_ failure: OperationFailure, now: ContinuousClock.Instant) {
        let refusal = Self.failureText(failure)
        show(refusal.text, .error, now: now, narrow: (refusal.narrow, refusal.reason.terminalWidth))
        if failure.operation == .refresh, status?.level == .error { status?.aboutConnection = true }
        if failure.operation == .create, failure.reverted, let name = failure.record {
            // Offered again as it was last shown: with the rename and address it had by then.
            let retry = failure.lastShown ?? RealEstateProperty(id: "", name: name)
            retryableCreate = retry
            messageHistory[messageHistory.count - 1].retryableCreate = retry
        }
    }
}
