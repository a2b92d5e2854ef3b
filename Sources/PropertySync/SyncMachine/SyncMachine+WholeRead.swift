import AppSync
import Foundation
import OptimisticStore

/// Reading the whole list (a start, `R`, the server's return, the plain dialect's catch-up): the
/// shell fetches the pages and hands each in; the rules of what is shown, cached and removed,
/// and what the header and the status line say, are here. Several reads may run at once; each
/// keeps its own `WholeListRead`.
extension SyncMachine {
    /// One whole read under way: every record read (its end removes what it does not list), and
    /// what is merged but not yet on screen or in the cache.
    struct WholeListRead {
        /// Records confirmed before this moment and not listed are gone once the read ends.
        let token: RefreshToken
        /// The list's probable size (AppSync gives no count): what the list held when it began.
        let expected: Int?
        /// `R`: the status line says "Refreshed" when it ends.
        let askedByUser: Bool
        /// Versioned dialect: the first page's `startedAt` (live sync's deltas go on from it).
        fileprivate(set) var startedAt: Int64?
        fileprivate(set) var records: [RealEstateProperty] = []
        fileprivate var unshownChanges = StoreDiff<String>()
        fileprivate var unsaved: [RealEstateProperty] = []
        fileprivate var lastShown: ContinuousClock.Instant?

        /// A page, merged into the list with these changes; whether the unshown part is due on screen now.
        fileprivate mutating func add(
            _ page: [RealEstateProperty], changing diff: StoreDiff<String>, now: ContinuousClock.Instant
        ) -> Bool {
            records.append(contentsOf: page)
            unsaved.append(contentsOf: page)
            unshownChanges.formUnion(diff)
            guard lastShown.map({ now - $0 >= SyncMachine.wholeReadShownEvery }) ?? true else { return false }
            lastShown = now
            return true
        }

        /// What is not on screen or in the cache yet, which then counts as shown.
        fileprivate mutating func takeUnshown() -> (changes: StoreDiff<String>, records: [RealEstateProperty]) {
            defer {
                unshownChanges = StoreDiff()
                unsaved = []
            }
            return (unshownChanges, unsaved)
        }
    }

    /// What arrived is shown at once for the first page, then at most this often: each batch costs
    /// the screen a pass over its sorted rows (new rows land anywhere in a scan's order), so a
    /// million rows arrive in a few dozen passes, not a thousand.
    static let wholeReadShownEvery = Duration.milliseconds(500)

    mutating func wholeReadBegins(askedByUser: Bool) -> (WholeListRead, [Action]) {
        let expected = store.count > 0 ? store.count : nil
        let read = WholeListRead(token: store.beginRefresh(), expected: expected, askedByUser: askedByUser)
        return (read, [.emit(.loadProgress(LoadProgress(loaded: 0, expected: expected)))])
    }

    /// A page arrived: merged (the newer version wins), shown and cached when due, progress told.
    mutating func pageRead(_ page: PropertyPage, into read: inout WholeListRead, at now: ContinuousClock.Instant) -> [Action] {
        read.startedAt = read.startedAt ?? page.startedAt
        let records = page.items.compactMap { $0 }
        var diff = StoreDiff<String>()
        merge(records, into: &diff)
        var actions: [Action] = []
        if read.add(records, changing: diff, now: now) {
            actions += showUnshown(of: &read)
        }
        let loaded = read.records.count
        actions.append(.emit(.loadProgress(LoadProgress(loaded: loaded, expected: read.expected.map { max($0, loaded) }))))
        return actions
    }

    /// The last page is in: what it does not list is gone, live sync goes on from here, the list
    /// counts as loaded.
    mutating func wholeReadEnded(_ read: inout WholeListRead, at now: Date) -> [Action] {
        var actions = showUnshown(of: &read)
        let all = read.records
        actions += adoptWholeList(all, startedAt: read.token, at: now)
        if let mark = read.startedAt ?? plainSyncMark(all) {
            // A whole list is a base query: live sync goes on from here with deltas.
            actions.append(.save(.syncMarks(lastSync: mark, baseSync: now)))
        }
        actions += setLoadState(.loaded)
        if read.askedByUser { actions.append(.emit(.refreshed)) }
        return actions + [.emit(.loadProgress(nil))]
    }

    /// The read broke off: what did arrive is shown and kept, and the failure is said (see
    /// `wholeReadFailed(_:)` for what it does to the link).
    mutating func wholeReadFailed(_ error: AppSyncFailure, _ read: inout WholeListRead) -> [Action] {
        showUnshown(of: &read) + wholeReadFailed(error) + [.emit(.loadProgress(nil))]
    }

    private mutating func showUnshown(of read: inout WholeListRead) -> [Action] {
        let (diff, records) = read.takeUnshown()
        return publish(diff) + (records.isEmpty ? [] : [.save(.merge(records))])
    }

    /// The plain dialect's mark for "what changed since": the newest `updatedAt` read, less a
    /// margin for writes that were under way while the list was read.
    func plainSyncMark(_ records: [RealEstateProperty]) -> Int64? {
        guard !dialect.hasVersions, let newest = records.lazy.map(\.version).max() else { return nil }
        return Int64(newest) - Self.plainMarkMargin
    }

    static let plainMarkMargin: Int64 = 60_000
}
