import ModelScreens
import SyncEngine

/// What the status line says when the shown model's link to the server changes, in the sample's
/// words (`ConnectionNotice`): the header keeps a short state (`○ offline`), so why is said here
/// once, and kept in `m`; "Back online" replaces it once requests get through again; refused
/// credentials or a misconfigured API, which stop sending until fixed, are an error.
extension BrowserState {
    mutating func connectionChanged(from old: Connectivity, to state: Connectivity) {
        if state.requestsGetThrough, status?.aboutConnection == true {
            status = StatusMessage(ConnectionNotice.backOnline, level: .success, now: actionTime)
        }
        if let notice = ConnectionNotice.text(from: old, to: state, revertsOffline: revertsOffline) {
            // A refresh that failed for the same reason a moment before (a start with the server
            // down) gives way: the notice also says what happens to changes.
            if case .offline = state, status?.level == .error, status?.aboutConnection == true { status = nil }
            show(notice, .info)
            // An offline notice is stale once requests get through again (live sync's is not).
            if case .offline = state, status?.text == notice { status?.aboutConnection = true }
        }
        // Said once, when it starts: sending stops until it is fixed (R tries again).
        if let reason = ConnectionNotice.stopped(state) {
            show(RefusalText(.refresh, record: nil, reverted: false, reason: reason), ofModel: model)
            if status?.level == .error { status?.aboutConnection = true }
        }
    }
}
