import AmplifyModels
import AppSync
import Foundation
import OptimisticStore

/// Reading the whole list (a start, `R`, the server's return, the plain dialect's catch-up): the
/// shell fetches the pages and hands each in; the rules of what is shown, cached and removed,
/// and what the header and the status line say, are here. Several reads may run at once; each
/// keeps its own `WholeListRead`.
extension SyncMachine {
    /// One whole read under way: what it has listed so far (the store notes each record listed,
    /// so no copy of the list is kept here), and what is merged but not yet on screen or in the cache.
    struct WholeListRead {
        /// Records confirmed before this moment and not listed are gone once the read ends.
        let token: RefreshToken
        /// The list's probable size (AppSync gives no count): what the list held when it began.
        let expected: Int?
        /// `R`: the status line says "Refreshed" when it ends.
        let askedByUser: Bool
        /// Versioned dialect: the first page's `startedAt` (live sync's deltas go on from it).
        fileprivate(set) var startedAt: Int64?
        /// Records listed so far (the progress shown).
        fileprivate(set) var listed = 0
        /// The newest version listed (the plain dialect's sync mark: see `plainSyncMark`).
        fileprivate(set) var newestVersion: Int?
        /// The tombstones listed: the cache drops those the store does not keep.
        fileprivate(set) var tombstones: [Record.ID] = []
        fileprivate var unshownChanges = StoreDiff<Record.ID>()
        /// The records listed that changed the confirmed copy, not in the cache yet.
        fileprivate var unsaved: [Record] = []
        fileprivate var lastShown: ContinuousClock.Instant?
        /// Records listed since the last batch was shown.
        fileprivate var listedSinceShown = 0
        /// Whether every record not yet shown was new to the list and nothing else (the user,
        /// live sync, another read) has changed the store since (`OptimisticStore.revision`):
        /// then they are shown as they came, with no lookup per record (a first load).
        fileprivate var unshownAreNewRows = true
        fileprivate var revisionSeen: UInt64 = 0

        /// A page listed (already merged into `unshownChanges`, its changed records into
        /// `unsaved`); whether the unshown part is due on screen now.
        fileprivate mutating func add(_ page: [Record], now: ContinuousClock.Instant) -> Bool {
            listed += page.count
            listedSinceShown += page.count
            for record in page {
                newestVersion = max(newestVersion ?? record.version, record.version)
                if record.isDeleted { tombstones.append(record.id) }
            }
            let due = lastShown.map { now - $0 >= SyncMachine.wholeReadShownEvery } ?? true
            guard due || listedSinceShown >= SyncMachine.wholeReadBatchLimit else { return false }
            listedSinceShown = 0
            lastShown = now
            return true
        }

        /// What is not on screen or in the cache yet, which then counts as shown.
        fileprivate mutating func takeUnshown() -> (changes: StoreDiff<Record.ID>, records: [Record], areNewRows: Bool) {
            defer {
                unshownChanges = StoreDiff()
                unsaved = []
                unshownAreNewRows = true
            }
            return (unshownChanges, unsaved, unshownAreNewRows)
        }
    }

    /// What arrived is shown (and cached) at once for the first page, then in batches: when this
    /// long has passed since the last one, so that a slow list still moves on screen ...
    static var wholeReadShownEvery: Duration { .milliseconds(500) }

    /// ... or as soon as this many records wait. A million rows go to the screen and the cache in
    /// about a hundred batches, not a thousand; and what is left when the last page comes (shown
    /// and cached before the list says it is loaded) stays small however fast the pages come:
    /// with half a second's worth (65,000 rows here) it was a third of a second at the end.
    static var wholeReadBatchLimit: Int { 10_000 }

    mutating func wholeReadBegins(askedByUser: Bool) -> (WholeListRead, [Action]) {
        let expected = store.count > 0 ? store.count : nil
        var read = WholeListRead(token: store.beginRefresh(), expected: expected, askedByUser: askedByUser)
        read.revisionSeen = store.revision
        return (read, [.emit(.loadProgress(LoadProgress(loaded: 0, expected: expected)))])
    }

    /// A page arrived: merged (the newer version wins); shown and cached with the progress when due.
    mutating func pageRead(_ page: RecordPage<Record>, into read: inout WholeListRead, at now: ContinuousClock.Instant) -> [Action] {
        read.startedAt = read.startedAt ?? page.startedAt
        let records = page.records
        let untouched = store.revision == read.revisionSeen
        var changed: [Record] = []
        let allNew = store.mergeListed(records, into: &read.unshownChanges) { changed.append($0) }
        read.unsaved += changed
        restateConflicts(among: records, into: &read.unshownChanges)
        read.unshownAreNewRows = read.unshownAreNewRows && untouched && allNew
        read.revisionSeen = store.revision  // this read's own page
        // The progress goes with the rows it counts: what the header says is what is on screen,
        // and a fast read tells the screen a hundred times, not once a page.
        guard read.add(records, now: now) else { return [] }
        let loaded = read.listed
        return showUnshown(of: &read) + [.emit(.loadProgress(LoadProgress(loaded: loaded, expected: read.expected.map { max($0, loaded) })))]
    }

    /// The last page is in: what it does not list is gone, live sync goes on from here, the list
    /// counts as loaded. A read the sync policy `cut` short, with more on the server, takes
    /// nothing it did not list for gone, and the list counts as its first rows (views ask the
    /// server for the rest).
    mutating func wholeReadEnded(_ read: inout WholeListRead, cut: Bool = false, at now: Date) -> [Action] {
        var actions = showUnshown(of: &read)
        actions += cut
            ? [.save(.remove([], refreshedAt: now, rowCount: store.count))]
            : removeUnlisted(since: read.token, tombstonesListed: read.tombstones, at: now)
        if let mark = read.startedAt ?? plainSyncMark(newestVersion: read.newestVersion) {
            // A whole list (or its first rows) is a base query: live sync goes on from here with deltas.
            actions.append(.save(.syncMarks(lastSync: mark, baseSync: now)))
        }
        actions += setLoadState(cut ? .firstRows(read.listed) : .loaded)
        if read.askedByUser { actions.append(.emit(.refreshed)) }
        return actions + [.emit(.loadProgress(nil))]
    }

    /// The read broke off: what did arrive is shown and kept, and the failure is said (see
    /// `wholeReadFailed(_:)` for what it does to the link).
    mutating func wholeReadFailed(_ error: AppSyncFailure, _ read: inout WholeListRead, retryIn delay: Duration? = nil) -> [Action] {
        showUnshown(of: &read) + wholeReadFailed(error, retryIn: delay) + [.emit(.loadProgress(nil))]
    }

    private mutating func showUnshown(of read: inout WholeListRead) -> [Action] {
        let untouched = store.revision == read.revisionSeen
        let (diff, records, areNewRows) = read.takeUnshown()
        read.revisionSeen = store.revision
        // New rows with nothing changed since they were merged: they show as they came.
        let shown = areNewRows && untouched ? publish(RecordRowUpdate(distinct: records.map { RecordRow($0) })) : publish(diff)
        return shown + (records.isEmpty ? [] : [.save(.merge(records))])
    }

    /// The plain dialect's mark for "what changed since": the newest `updatedAt` read, less a
    /// margin for writes that were under way while the list was read.
    func plainSyncMark(newestVersion newest: Int?) -> Int64? {
        guard !dialect.hasVersions, let newest else { return nil }
        return Int64(newest) - Self.plainMarkMargin
    }

    static var plainMarkMargin: Int64 { 60_000 }
}
