import Synchronization

/// What one GraphQL request may still cause: how many resolvers it has run (AppSync's
/// resolver limit) and how many bytes its answer holds (`ServerLimits.maxResponseBytes`). One
/// per request, handed to the resolvers as the execution context.
final class RequestBudget: Sendable {
    let maxResolvers: Int
    let maxResponseBytes: Int
    let maxIntrospectionValues: Int
    /// Set when the request takes the fast path: the query resolvers leave their reads here.
    let capture: PageCapture?
    /// What each root field's page costs per record, by response key (`PageAnswerCost`).
    let pageCosts: [String: PageAnswerCost]
    private let spent = Mutex(Spent())

    private struct Spent {
        var resolvers = 0
        /// Bytes of pages read, plus reservations of pages being read.
        var responseBytes = 0
        var introspectionValues = 0
        var refusedIntrospection = false
    }

    /// What a page is assumed to cost per row until it is read (a typical record is ~250 bytes
    /// of JSON). Root fields run concurrently: reserving before reading bounds how many pages
    /// can be in memory at once, however many a request asks for.
    static let reservedBytesPerRow = 300

    init(limits: ServerLimits, capture: PageCapture? = nil, pageCosts: [String: PageAnswerCost] = [:]) {
        self.pageCosts = pageCosts
        maxResolvers = limits.maxResolversPerRequest
        maxResponseBytes = limits.maxResponseBytes
        maxIntrospectionValues = limits.maxIntrospectionValues
        self.capture = capture
    }

    /// Counts one resolver invocation; past the limit it throws, and the resolver must not run.
    func startResolver() throws(AppSyncResolverError) {
        let count = spent.withLock { spent in
            spent.resolvers += 1
            return spent.resolvers
        }
        if count > maxResolvers { throw .resolverLimitReached(limit: maxResolvers) }
    }

    /// Before reading a page of up to `rows` rows: reserves its assumed size, or throws when the
    /// answer is already at its limit. Answers the reservation, for `settle`.
    func reservePage(rows: Int) throws(AppSyncResolverError) -> Int {
        let reservation = rows * Self.reservedBytesPerRow
        let admitted = spent.withLock { spent in
            guard spent.responseBytes < maxResponseBytes else { return false }
            spent.responseBytes += reservation
            return true
        }
        guard admitted else { throw .responseTooLarge(limit: maxResponseBytes) }
        return reservation
    }

    /// Counts `bytes` more of the answer (a page's aliased copies); past the limit it throws,
    /// and every later page is refused.
    func charge(bytes: Int) throws(AppSyncResolverError) {
        guard bytes > 0 else { return }
        try settle(reservation: 0, bytes: bytes)
    }

    /// The answer bytes counted so far (pages, introspection): how large the request grew.
    var spentResponseBytes: Int { spent.withLock { $0.responseBytes } }

    /// Whether introspection went past a limit: the whole answer is then refused with one error
    /// (`AppSyncGraphQL`), and introspection builds nothing more (`IntrospectionBudget`).
    var refusedIntrospection: Bool { spent.withLock { $0.refusedIntrospection } }

    /// Counts introspection values of `bytes` in all, against the answer size and
    /// `maxIntrospectionValues`. Answers how many values the request has resolved so far.
    func chargeIntrospection(values: Int, bytes: Int) -> Int {
        spent.withLock { spent in
            spent.introspectionValues += values
            spent.responseBytes += bytes
            if spent.responseBytes > maxResponseBytes || spent.introspectionValues > maxIntrospectionValues {
                spent.refusedIntrospection = true
            }
            return spent.introspectionValues
        }
    }

    /// Once the page is read: replaces its reservation with its real size, or throws (the page
    /// is not sent) when that takes the answer past its limit; every later page is then refused.
    func settle(reservation: Int, bytes: Int) throws(AppSyncResolverError) {
        let fits = spent.withLock { spent in
            spent.responseBytes -= reservation
            guard spent.responseBytes + bytes <= maxResponseBytes else {
                // Spent: later pages are refused before they are read, not read and dropped.
                spent.responseBytes = maxResponseBytes
                return false
            }
            spent.responseBytes += bytes
            return true
        }
        if !fits { throw .responseTooLarge(limit: maxResponseBytes) }
    }
}
