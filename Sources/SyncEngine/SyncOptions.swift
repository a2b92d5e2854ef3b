import AppSync

/// How the list sends: parallelism, retries, and what to do offline.
public struct SyncOptions: Sendable {
    /// What happens to a change made while the server cannot be reached.
    public enum OfflineMode: String, Sendable, CaseIterable {
        /// It waits in the outbox and is sent when the server is back (the default).
        case queue
        /// It is reverted at once, as the Amplify sample does.
        case revert
    }

    /// Records with an operation on the wire at once (one operation per record at a time).
    public var maximumParallelSends: Int
    /// Backoff for a record whose send failed for a reason worth retrying.
    public var retryPolicy: RetryPolicy
    /// Backoff for the checks that notice the server is back.
    public var probePolicy: RetryPolicy
    /// Records per list page: AppSync's largest (`limit` up to 1,000), so a big list
    /// takes as few round trips as the protocol allows (pages follow a `nextToken`, one at a time).
    public var pageSize: Int
    public var offlineMode: OfflineMode
    /// A conflict on fields the change does not touch is rebased and sent again at most this often.
    public var maximumRebases: Int
    /// How much of the list a read of the whole list takes (`--sync`, `--sync-limit`).
    public var syncPolicy: SyncPolicy
    /// Whether creates go one at a time in the order they were made, so that the server's
    /// `createdAt` keeps the user's order (the app). An import sends its rows
    /// `maximumParallelSends` at a time instead: a file's order is worth less than its hours.
    public var keepsCreationOrder: Bool

    public init(
        maximumParallelSends: Int = 4, retryPolicy: RetryPolicy = RetryPolicy(),
        probePolicy: RetryPolicy = RetryPolicy(base: .milliseconds(500), cap: .seconds(5)),
        pageSize: Int = 1000, offlineMode: OfflineMode = .queue, maximumRebases: Int = 5,
        syncPolicy: SyncPolicy = .default, keepsCreationOrder: Bool = true
    ) {
        self.maximumParallelSends = max(1, maximumParallelSends)
        self.retryPolicy = retryPolicy
        self.probePolicy = probePolicy
        self.pageSize = max(1, pageSize)
        self.offlineMode = offlineMode
        self.maximumRebases = maximumRebases
        self.syncPolicy = syncPolicy
        self.keepsCreationOrder = keepsCreationOrder
    }
}
