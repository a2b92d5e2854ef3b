import ModelScreens
import SyncEngine
import ScreenValues

/// What the status line says when the link changes: the header keeps a short state
/// (`○ offline`), so why is said here once, and kept in `m`. Credentials refused or a
/// misconfigured API are said by `stopped(_:)`.
public enum ConnectionNotice {
    /// The message for going from `old` to `new`, if the change starts something the user
    /// should know the reason of. Once per episode: the probe's `reconnecting` → `offline`
    /// cycle, or live sync's retries (each with a new delay), say nothing more.
    public static func text(from old: Connectivity, to new: Connectivity, revertsOffline: Bool) -> String? {
        switch (old, new) {
        case (.offline, .offline), (.reconnecting, .offline), (.liveSyncDown, .liveSyncDown):
            return nil
        case (_, .offline(let reason)):
            let changes = revertsOffline
                ? "changes that cannot be sent are taken back (--offline revert)"
                : "changes are kept and sent when it is back"
            return "Offline: \(sentence(reason)); \(changes)."
        case (_, .liveSyncDown(let reason)):
            return "Live sync down: \(sentence(reason)). Your changes still go through; other people's arrive once it is back."
        default:
            return nil
        }
    }

    /// Sending stopped for a reason only the user can fix (credentials refused, a misconfigured
    /// API): the reason a `refresh failed: …` error gives, said once when it starts; nil for any
    /// other state.
    public static func stopped(_ state: Connectivity) -> String? {
        let cause: String
        switch state {
        case .unauthorized(let message): cause = "not authorized: \(sentence(message))"
        case .misconfigured(let message): cause = "misconfigured: \(sentence(message))"
        default: return nil
        }
        return "\(cause). Changes are kept and nothing is sent until this is fixed; R tries again"
    }

    /// What replaces a message about the connection once requests get through again.
    public static let backOnline = "Back online: waiting changes are being sent."

    /// A server's reason may end its own sentence: one period, not two.
    private static func sentence(_ reason: String) -> String {
        reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
}

extension Connectivity {
    /// The header's mark, words and colour (the mark and the words say it without colour).
    public var header: HeaderView.Connection {
        let (symbol, word) = headerWords
        let color: Frame.Color =
            switch self {
            case .online: .green
            case .offline, .unauthorized, .misconfigured: .red
            case .liveSyncDown, .connecting, .reconnecting: .yellow
            }
        return HeaderView.Connection(symbol: symbol, word: word, color: color)
    }
}
