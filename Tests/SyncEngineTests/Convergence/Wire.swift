import AmplifyModels
import Foundation
@testable import SyncEngine
import Synchronization

/// One list of one client's process: the wire tells its requests apart by it.
struct ListTag: Hashable, Sendable, CustomStringConvertible {
    var client: String
    var model: String
    /// Which process of the client (a kill starts the next).
    var incarnation: Int

    var description: String { "\(client)#\(incarnation)/\(model)" }
}

/// The one way the clients' mutations reach the server in a convergence run, so that the seed,
/// not the timing of threads, decides the interleaving: each mutation is parked until the
/// schedule lets one through, chosen by the seed among those parked (in an order that does not
/// depend on when they arrived), with a fate the seed draws too (delivered, applied with its
/// answer lost, dropped before the server, or a 503). Between steps the run waits until every
/// list is still (`RecordList.stillness`): nothing on the wire but what is parked here, no read
/// under way, and every live event the server sent since received (counted here per list).
final class Wire: Sendable {
    enum Fate: String, Sendable {
        case deliver = "delivered"
        case loseAnswer = "applied, its answer lost"
        case drop = "dropped before the server"
        case unavailable = "answered 503"
    }

    struct Parked: Sendable {
        var tag: ListTag
        /// The mutation, by kind and key: unique among one list's parked mutations (one per record).
        var label: String
        var continuation: CheckedContinuation<Fate, Never>
    }

    private struct State {
        var parked: [Parked] = []
        /// Calls into the API under way (parked ones included), per list.
        var active: [ListTag: Int] = [:]
        /// Live events read, and those the server sent since the list began following.
        var received: [ListTag: Int] = [:]
        var expected: [ListTag: Int] = [:]
        var following: Set<ListTag> = []
        /// Lists cut off (offline, or killed): a mutation they still send is dropped, never parked.
        var cut: Set<ListTag> = []
        /// Names for keys the app drew itself (an undone delete made anew under a new id): the
        /// same on every run, where the key is not.
        var aliases: [String: String] = [:]
    }

    private let state = Mutex(State())

    // MARK: What the lists' API does

    func enter(_ tag: ListTag) { state.withLock { $0.active[tag, default: 0] += 1 } }
    func leave(_ tag: ListTag) { state.withLock { $0.active[tag, default: 0] -= 1 } }

    /// Waits until the schedule lets this mutation through, and says how. A list cut off meanwhile
    /// (its request passed the network switch just before it was turned off) is dropped at once:
    /// nothing would ever let it through.
    func park(_ tag: ListTag, label: String) async -> Fate {
        await withCheckedContinuation { continuation in
            let isCut = state.withLock { state in
                if state.cut.contains(tag) { return true }
                state.parked.append(Parked(tag: tag, label: label, continuation: continuation))
                return false
            }
            if isCut { continuation.resume(returning: .drop) }
        }
    }

    /// The list is cut off (offline or killed) or back: see `park`.
    func setCut(_ tag: ListTag, _ isCut: Bool) {
        state.withLock { state in
            if isCut { state.cut.insert(tag) } else { state.cut.remove(tag) }
        }
    }

    /// The server applied a mutation of `model` (a client's or the remote writer's): every list
    /// of that model following live sync is sent an event.
    func applied(model: String) {
        state.withLock { state in
            for tag in state.following where tag.model == model { state.expected[tag, default: 0] += 1 }
        }
    }

    func receivedEvent(_ tag: ListTag) { state.withLock { $0.received[tag, default: 0] += 1 } }

    // MARK: What the run does

    /// From now on `key` is called `name` in labels and in `canonical` text.
    func alias(_ key: RecordKey, as name: String) { state.withLock { $0.aliases[key.text] = name } }

    /// A key's name: its alias, or its text.
    func name(_ key: RecordKey) -> String { state.withLock { $0.aliases[key.text] } ?? key.text }

    /// `text` with every aliased key replaced by its name.
    func canonical(_ text: String) -> String {
        state.withLock { $0.aliases }.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    /// The list follows live sync from now on (or no longer): events are counted from here.
    func follows(_ tag: ListTag, _ following: Bool) {
        state.withLock { state in
            if following {
                state.following.insert(tag)
                state.expected[tag] = state.received[tag, default: 0]
            } else {
                state.following.remove(tag)
            }
        }
    }

    /// Parked mutations, in an order that does not depend on when they arrived.
    var parked: [(tag: ListTag, label: String)] {
        state.withLock { $0.parked.map { ($0.tag, $0.label) } }
            .sorted { ($0.tag.client, $0.tag.model, $0.tag.incarnation, $0.label) < ($1.tag.client, $1.tag.model, $1.tag.incarnation, $1.label) }
    }

    func parkedCount(_ tag: ListTag) -> Int { state.withLock { $0.parked.count { $0.tag == tag } } }

    /// Lets one parked mutation go, with its fate.
    func release(_ tag: ListTag, label: String, _ fate: Fate) {
        let found: Parked? = state.withLock { state in
            guard let index = state.parked.firstIndex(where: { $0.tag == tag && $0.label == label }) else { return nil }
            return state.parked.remove(at: index)
        }
        found?.continuation.resume(returning: fate)
    }

    /// Whether no call of this list is under way, parked or not.
    func isIdle(_ tag: ListTag) -> Bool { state.withLock { $0.active[tag, default: 0] == 0 } }

    /// Whether the wire is still for this list: no call under way but the parked ones, and every
    /// event the server sent it received. `onTheWire` is what the list itself has on the wire.
    func isStill(_ tag: ListTag, onTheWire: Int) -> Bool {
        state.withLock { state in
            let parked = state.parked.count { $0.tag == tag }
            let eventsIn = !state.following.contains(tag) || state.received[tag, default: 0] >= state.expected[tag, default: 0]
            return state.active[tag, default: 0] == parked && onTheWire == parked && eventsIn
        }
    }
}

extension RecordList {
    /// For the convergence test: whether the list has nothing under way of its own (no backoff,
    /// no read, no dialect being learnt, nothing ready to send with a free slot), how many of its
    /// operations are on the wire, and whether requests get through.
    var stillness: (idle: Bool, onTheWire: Int, online: Bool, following: Bool) {
        let schedule = machine.schedule
        let idle = !schedule.isBackingOff && !(schedule.hasReady && schedule.onTheWire.count < options.maximumParallelSends)
            && refreshesRunning == 0 && busyLoads == 0 && learningDialect == nil
        return (idle, schedule.onTheWire.count, machine.link.state == .online, machine.isSubscribed)
    }
}
