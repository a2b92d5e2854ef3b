import OptimisticStore

/// A whole list read as its pages arrive: every record read (the end of the read removes what it
/// does not list), and what is merged but not yet on screen or in the cache. The first page is
/// shown at once, then what arrived at most every so often (see `SyncMachine.wholeReadShownEvery`).
struct WholeRead {
    private(set) var records: [RealEstateProperty] = []
    private var unshownChanges = StoreDiff<String>()
    private var unsaved: [RealEstateProperty] = []
    private var lastShown: ContinuousClock.Instant?

    /// A page, merged into the list with these changes; whether the unshown part is due on screen now.
    mutating func add(
        _ page: [RealEstateProperty], changing diff: StoreDiff<String>, now: ContinuousClock.Instant,
        showingAtMostEvery interval: Duration
    ) -> Bool {
        records.append(contentsOf: page)
        unsaved.append(contentsOf: page)
        unshownChanges.formUnion(diff)
        guard lastShown.map({ now - $0 >= interval }) ?? true else { return false }
        lastShown = now
        return true
    }

    /// What is not on screen or in the cache yet, which then counts as shown.
    mutating func takeUnshown() -> (changes: StoreDiff<String>, records: [RealEstateProperty]) {
        defer {
            unshownChanges = StoreDiff()
            unsaved = []
        }
        return (unshownChanges, unsaved)
    }
}
