import PropertySync
import TUI

/// Turns what the list reports into the screen's actions.
enum ListEventBridge {
    static func actions(for event: ListEvent) -> [AppAction] {
        switch event {
        case .rowsChanged(let diff, let rows):
            return [.rowsChanged(RowUpdate(diff: diff) { rows[$0] })]
        case .loaded(let rows):
            return [.rowsReplaced(rows)]
        case .succeeded(let summary):
            return [.operationFinished(kind(summary.kind), record: summary.recordName)]
        case .reverted(let summary, let message, _):
            return [.operationFailed(OperationFailure(
                operation: kind(summary.kind), record: summary.recordName, message: message, reverted: true))]
        case .loadFailed(let message):
            return [.operationFailed(OperationFailure(operation: .refresh, record: nil, message: message, reverted: false))]
        case .connectivityChanged(let connectivity):
            switch connectivity {
            case .connecting: return [.connectionChanged(.connecting)]
            case .online: return [.connectionChanged(.online)]
            case .offline: return [.connectionChanged(.offline)]
            case .unauthorized(let message):
                return [
                    .connectionChanged(.offline),
                    .operationFailed(OperationFailure(
                        operation: .refresh, record: nil,
                        message: "the server refused the API key (\(message)); changes are kept", reverted: false)),
                ]
            }
        case .pendingCountChanged(let count):
            return [.pendingCountChanged(count)]
        case .busyChanged(let busy):
            return [.busyChanged(busy)]
        }
    }

    static func kind(_ kind: OperationSummary.Kind) -> OperationKind {
        switch kind {
        case .create: .create
        case .rename: .rename
        case .editAddress: .editAddress
        case .delete: .delete
        case .undo: .undo
        }
    }
}
