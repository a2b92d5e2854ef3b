import PropertySync

/// Turns what the list reports into the screen's actions (the app's event loop and the
/// bench's load timing feed the reducer through this one mapping).
public enum ListEventBridge {
    public static func actions(for event: ListEvent) -> [AppAction] {
        switch event {
        case .rowsChanged(let update):
            return [.rowsChanged(update)]
        case .loaded(let rows):
            return [.rowsReplaced(rows)]
        case .succeeded(let summary):
            return [.operationFinished(summary.kind, record: summary.recordName)]
        case .reverted(let summary, let message, _):
            return [.operationFailed(OperationFailure(
                operation: summary.kind, record: summary.recordName, message: message, reverted: true,
                newName: summary.newName, takenBackWith: summary.takenBackWith, lastShown: summary.lastShown))]
        case .loadFailed(let message):
            return [.operationFailed(OperationFailure(operation: .refresh, record: nil, message: message, reverted: false))]
        case .connectivityChanged(let connectivity):
            // Said once, when it starts: sending stops until it is fixed (R tries again).
            switch connectivity {
            case .unauthorized(let message):
                return [.connectionChanged(connectivity), .stopped("not authorized: \(message)")]
            case .misconfigured(let message):
                return [.connectionChanged(connectivity), .stopped("misconfigured: \(message)")]
            default:
                return [.connectionChanged(connectivity)]
            }
        case .loadStateChanged(let state):
            return [.loadStateChanged(state)]
        case .pendingCountChanged(let count):
            return [.pendingCountChanged(count)]
        case .busyChanged(let busy):
            return [.busyChanged(busy)]
        case .loadProgress(let progress):
            return [.loadProgressChanged(progress)]
        }
    }
}

extension AppAction {
    /// Sending stopped for a reason only the user can fix: an error on the status line.
    static func stopped(_ reason: String) -> AppAction {
        // The server's message may end its own sentence ("…make this call."): one period, not two.
        let sentence = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return .operationFailed(OperationFailure(
            operation: .refresh, record: nil,
            message: "\(sentence). Changes are kept and nothing is sent until this is fixed; R tries again", reverted: false))
    }
}
