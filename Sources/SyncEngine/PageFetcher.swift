import AmplifyModels
import AppSync

/// Fetches the pages of one paged query (a sync query, or a view's) in order, in a task of its
/// own, and keeps up to `pagesAhead` of them waiting for the reader: the wire never waits for
/// the reader's work, and the reader never waits for a request it could have made sooner. The
/// token is sequential, so there is one request on the wire at a time; but the next one goes out
/// as soon as a page has come in, with the token found in its bytes (`UnreadRecordPage<Record>`),
/// and the page is read (decoded) while the next is on the wire. A guess the page itself
/// contradicts costs a request: the one asked with it is dropped and the page's own token asked
/// instead. With `maximumPages`, no page beyond that many is asked for (a read the sync policy
/// cuts short costs no request it does not use).
struct PageFetcher<Record: ListRecord> {
    /// One page's request, by its token (nil: the first page).
    typealias Ask = @Sendable (_ nextToken: String?) async throws(AppSyncFailure) -> UnreadRecordPage<Record>

    private let fetching: Task<Void, Never>
    private var iterator: AsyncThrowingStream<RecordPage<Record>, any Error>.AsyncIterator
    private let room: PageRoom
    private let maximumPages: Int?
    private var pagesHanded = 0
    /// Whether the page without a next token has been handed in: the stream also ends when the
    /// reader's task is cancelled, and a read cut short must never pass for a whole list (its
    /// end removes what it did not list).
    private var sawLastPage = false
    /// Whether the read stopped at `maximumPages` with more pages on the server.
    private(set) var wasCut = false

    init(pagesAhead: Int, maximumPages: Int? = nil, ask: @escaping Ask) {
        let (pages, sink) = AsyncThrowingStream<RecordPage<Record>, any Error>.makeStream()
        iterator = pages.makeAsyncIterator()
        // Pages held back once `pagesAhead` wait: the fetcher pauses until the reader takes one.
        let room = PageRoom(pagesAhead)
        self.room = room
        self.maximumPages = maximumPages.map { max(1, $0) }
        let most = self.maximumPages
        fetching = Task.detached {
            do throws(AppSyncFailure) {
                try await Self.fetchAll(room: room, maximumPages: most, ask: ask) { sink.yield($0) }
                sink.finish()
            } catch {
                sink.finish(throwing: error)
            }
        }
    }

    /// A sync query's pages (the base query when `lastSync` is nil).
    init(api: any ListAPI<Record>, limit: Int, lastSync: Int64?, pagesAhead: Int, maximumPages: Int? = nil) {
        self.init(pagesAhead: pagesAhead, maximumPages: maximumPages) { token throws(AppSyncFailure) in
            try await api.unreadSyncPage(limit: limit, nextToken: token, lastSync: lastSync)
        }
    }

    private static func fetchAll(
        room: PageRoom, maximumPages: Int?, ask page: @escaping Ask, yield: (RecordPage<Record>) -> Void
    ) async throws(AppSyncFailure) {
        var asked = 0
        func ask(_ token: String?) -> Task<UnreadRecordPage<Record>, any Error> {
            asked += 1
            return Task { try await page(token) }
        }
        var seenTokens: Set<String> = []
        await room.take()
        var asking: Task<UnreadRecordPage<Record>, any Error>? = Task.isCancelled ? nil : ask(nil)
        defer { asking?.cancel() }  // a failure, or a reader that gave up: no request left behind
        while let request = asking {
            let unread = try await answer(of: request)
            asking = nil
            let mayAskMore = maximumPages.map { asked < $0 } ?? true
            // A token seen before is not asked for again, not even ahead (see the check below).
            let guess = mayAskMore ? unread.nextTokenGuess.flatMap { seenTokens.contains($0) ? nil : $0 } : nil
            if let guess {
                await room.take()
                if Task.isCancelled { return }
                asking = ask(guess)
            }
            let page = try unread.read()
            // A server that hands out the same page token twice would keep us reading forever.
            if let next = page.nextToken, !seenTokens.insert(next).inserted {
                throw .transient("the server's list does not end (it repeated a page token)")
            }
            if page.nextToken != guess {
                asking?.cancel()
                asking = nil
                if let next = page.nextToken, mayAskMore {
                    if guess == nil { await room.take() }
                    if Task.isCancelled { return }
                    asking = ask(next)
                }
            }
            yield(page)
        }
    }

    /// A request's answer; the request is let go if the fetch is cancelled meanwhile.
    private static func answer(of request: Task<UnreadRecordPage<Record>, any Error>) async throws(AppSyncFailure) -> UnreadRecordPage<Record> {
        do {
            return try await withTaskCancellationHandler { try await request.value } onCancel: { request.cancel() }
        } catch {
            throw failure(error)
        }
    }

    /// What a task's untyped error means: the fetch's own failure, or a transient one.
    private static func failure(_ error: any Error) -> AppSyncFailure {
        error as? AppSyncFailure ?? .transient("\(error)")
    }

    /// The next page, nil after the last (or after `maximumPages`: then `wasCut` says whether
    /// the server had more); the fetch's failure when it failed.
    mutating func next() async throws(AppSyncFailure) -> RecordPage<Record>? {
        if let maximumPages, pagesHanded >= maximumPages { return nil }
        do {
            guard let page = try await iterator.next() else {
                if sawLastPage { return nil }
                throw AppSyncFailure.transient("the list's read was cancelled before its last page")
            }
            pagesHanded += 1
            sawLastPage = page.nextToken == nil
            if let maximumPages, pagesHanded >= maximumPages { wasCut = page.nextToken != nil }
            await room.give()
            return page
        } catch {
            throw Self.failure(error)
        }
    }

    /// Ends the fetch: no request goes out after this (one on the wire is let go), and a fetcher
    /// waiting for room wakes up to stop.
    func stop() {
        fetching.cancel()
        Task { [room] in await room.give() }
    }
}

/// How many more pages the fetcher may fetch before the reader takes one.
private actor PageRoom {
    private var free: Int
    private var waiting: CheckedContinuation<Void, Never>?

    init(_ free: Int) {
        self.free = free
    }

    func take() async {
        if free == 0 { await withCheckedContinuation { waiting = $0 } }
        free -= 1
    }

    func give() {
        free += 1
        waiting?.resume()
        waiting = nil
    }
}
