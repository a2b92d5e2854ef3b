import Foundation
import Synchronization

/// The open realtime sessions, so that stopping the server can close them (an open
/// WebSocket would otherwise hold the graceful shutdown open).
final class RealtimeRegistry: Sendable {
    private let sessions = Mutex<[ObjectIdentifier: RealtimeSession]>([:])

    var count: Int { sessions.withLock { $0.count } }

    func add(_ session: RealtimeSession) {
        sessions.withLock { $0[ObjectIdentifier(session)] = session }
    }

    func remove(_ session: RealtimeSession) {
        _ = sessions.withLock { $0.removeValue(forKey: ObjectIdentifier(session)) }
    }

    func shutDownAll() async {
        let open = sessions.withLock { Array($0.values) }
        for session in open { await session.shutDown() }
    }
}
