import ModelScreens
import PropertySync
import TUI

/// What the status line says when the shown model's link to the server changes, in the sample's
/// words (`ConnectionNotice`): the header keeps a short state (`○ offline`), so why is said here
/// once, and kept in `m`; "Back online" replaces it once requests get through again; refused
/// credentials or a misconfigured API, which stop sending until fixed, are an error.
extension BrowserState {
    mutating func connectionChanged(from old: Connectivity, to state: Connectivity) {
        if state.requestsGetThrough, status?.aboutConnection == true {
            status = StatusMessage("Back online: waiting changes are being sent.", level: .success, now: actionTime)
        }
        if let notice = ConnectionNotice.text(from: old, to: state, revertsOffline: revertsOffline) {
            show(notice, .info)
            // An offline notice is stale once requests get through again (live sync's is not).
            if case .offline = state, status?.text == notice { status?.aboutConnection = true }
        }
        switch state {
        case .unauthorized(let message): showStopped("not authorized: \(message)")
        case .misconfigured(let message): showStopped("misconfigured: \(message)")
        default: break
        }
    }

    /// Sending stopped for a reason only the user can fix: an error on the status line.
    private mutating func showStopped(_ reason: String) {
        // The server's message may end its own sentence ("…make this call."): one period, not two.
        let sentence = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        show(RefusalText(.refresh, record: nil, reverted: false,
                         reason: "\(sentence). Changes are kept and nothing is sent until this is fixed; R tries again"), ofModel: model)
        if status?.level == .error { status?.aboutConnection = true }
    }
}
