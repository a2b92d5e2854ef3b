import Foundation
import OptimisticStore

/// Changes made elsewhere, as AppSync's delta sync takes them in (versioned dialect): subscribe,
/// then one catch-up query (the base query the first time or when the last is older than a day,
/// else the delta since the last sync) while subscription events wait; apply it, then the events
/// on top. Remote records only ever change the confirmed side (the newer version wins), so
/// pending edits stay on top.
extension SyncMachine {
    /// A catch-up under way: the subscription events that arrived meanwhile, and whether another
    /// subscribe happened meanwhile (the running query may have begun before what it missed).
    struct CatchUp: Equatable {
        var waiting: [Record] = []
        var needsAnother = false
    }

    /// What a catch-up reads.
    enum CatchUpQuery: Equatable {
        /// The whole list, tombstones included.
        case base
        /// What changed since then (the server's clock, epoch ms).
        case delta(since: Int64)

        /// A base query at least this often, as AppSync's clients do.
        static var baseInterval: TimeInterval { 24 * 60 * 60 }

        static func after(_ marks: SyncStorage.SyncMarks, now: Date) -> Self {
            guard let lastSync = marks.lastSync, let lastBase = marks.lastBaseSync,
                  now.timeIntervalSince(lastBase) <= baseInterval else { return .base }
            return .delta(since: lastSync)
        }
    }

    /// A subscription's record: applied at once, or after the catch-up under way.
    mutating func remote(_ record: Record) -> [Action] {
        if catchUp != nil {
            catchUp?.waiting.append(record)
            return []
        }
        return merge(record)
    }

    /// Whether a catch-up may start now; if one runs, it is run once more when it ends.
    mutating func catchUpBegins() -> Bool {
        guard catchUp == nil else {
            catchUp?.needsAnother = true
            return false
        }
        catchUp = CatchUp()
        return true
    }

    /// The catch-up's query answered: what it read is applied (a base query is a whole list: what
    /// it does not list is gone; one the sync policy `cut` short is only merged), the sync time
    /// kept, then the events that waited. Answers whether to catch up once more.
    mutating func caughtUp(
        _ records: [Record], by query: CatchUpQuery, cut: Bool = false, startedAt: Int64?, refresh token: RefreshToken, now: Date
    ) -> (again: Bool, actions: [Action]) {
        var actions: [Action]
        switch query {
        case .base where cut:
            // The sync policy's first rows: nothing they do not list is gone. The shell cached
            // them already (in batches, between the user's changes), as for a whole list.
            actions = mergeRead(records, caching: false) + setLoadState(.firstRows(records.count))
        case .base:
            // The shell cached the records already (in batches, between the user's changes).
            actions = adoptWholeList(records, startedAt: token, at: now) + setLoadState(.loaded)
        case .delta:
            // One event for the screen, however many records the delta held. What was cached
            // and what changed since is the server's list now: the rows are no longer "cached at"
            // a time (after a start that could not reach the server, the rule said so for good).
            // A list read only to its first rows (the sync policy) still is: a delta adds no rows beyond them.
            let state: LoadState = if case .firstRows(let count) = loadState { .firstRows(count) } else { .loaded }
            actions = mergeRead(records) + setLoadState(state)
        }
        if let startedAt {
            actions.append(.save(.syncMarks(lastSync: startedAt, baseSync: query == .base ? now : nil)))
        }
        let (again, drained) = catchUpEnded()
        return (again, actions + drained)
    }

    /// The catch-up is over (answered or not): the events that waited go on top. Answers whether
    /// another subscribe asked for one more.
    mutating func catchUpEnded() -> (again: Bool, actions: [Action]) {
        let ended = catchUp ?? CatchUp()
        catchUp = nil
        return (ended.needsAnother, ended.waiting.flatMap { merge($0) })
    }
}
