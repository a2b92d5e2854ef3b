import Foundation
import Synchronization

/// The open realtime sessions, so that stopping the server can close them (an open
/// WebSocket would otherwise hold the graceful shutdown open).
final class RealtimeRegistry: Sendable {
    private struct State {
        var sessions: [ObjectIdentifier: RealtimeSession] = [:]
        /// Set once the server stops: a client reconnecting in that moment is closed at once.
        var closed = false
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.sessions.count } }

    /// Registers a session; false when the server is stopping (the caller closes it).
    func add(_ session: RealtimeSession) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.sessions[ObjectIdentifier(session)] = session
            return true
        }
    }

    func remove(_ session: RealtimeSession) {
        _ = state.withLock { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    func shutDownAll() async {
        let open = state.withLock { state in
            state.closed = true
            return Array(state.sessions.values)
        }
        for session in open { await session.shutDown() }
    }
}
