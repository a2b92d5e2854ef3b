import AmplifyModels
import AppSync

/// Fetches the pages of one sync query in order, in a task of its own, and keeps up to
/// `pagesAhead` of them waiting for the reader: the wire never waits for the reader's work, and
/// the reader never waits for a request it could have made sooner. The token is sequential, so
/// there is one request on the wire at a time; but the next one goes out as soon as a page has
/// come in, with the token found in its bytes (`UnreadRecordPage<Record>`), and the page is read (decoded)
/// while the next is on the wire. A guess the page itself contradicts costs a request: the one
/// asked with it is dropped and the page's own token asked instead.
struct PageFetcher<Record: ListRecord> {
    private let fetching: Task<Void, Never>
    private var iterator: AsyncThrowingStream<RecordPage<Record>, any Error>.AsyncIterator
    private let room: PageRoom
    /// Whether the page without a next token has been handed in: the stream also ends when the
    /// reader's task is cancelled, and a read cut short must never pass for a whole list (its
    /// end removes what it did not list).
    private var sawLastPage = false

    init(api: any ListAPI<Record>, limit: Int, lastSync: Int64?, pagesAhead: Int) {
        let (pages, sink) = AsyncThrowingStream<RecordPage<Record>, any Error>.makeStream()
        iterator = pages.makeAsyncIterator()
        // Pages held back once `pagesAhead` wait: the fetcher pauses until the reader takes one.
        let room = PageRoom(pagesAhead)
        self.room = room
        fetching = Task.detached {
            do throws(AppSyncFailure) {
                try await Self.fetchAll(api: api, limit: limit, lastSync: lastSync, room: room) { sink.yield($0) }
                sink.finish()
            } catch {
                sink.finish(throwing: error)
            }
        }
    }

    private static func fetchAll(
        api: any ListAPI<Record>, limit: Int, lastSync: Int64?, room: PageRoom, yield: (RecordPage<Record>) -> Void
    ) async throws(AppSyncFailure) {
        func ask(_ token: String?) -> Task<UnreadRecordPage<Record>, any Error> {
            Task { try await api.unreadSyncPage(limit: limit, nextToken: token, lastSync: lastSync) }
        }
        var seenTokens: Set<String> = []
        await room.take()
        var asking: Task<UnreadRecordPage<Record>, any Error>? = Task.isCancelled ? nil : ask(nil)
        defer { asking?.cancel() }  // a failure, or a reader that gave up: no request left behind
        while let request = asking {
            let unread = try await answer(of: request)
            asking = nil
            // A token seen before is not asked for again, not even ahead (see the check below).
            let guess = unread.nextTokenGuess.flatMap { seenTokens.contains($0) ? nil : $0 }
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
                if let next = page.nextToken {
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

    /// The next page, nil after the last; the fetch's failure when it failed.
    mutating func next() async throws(AppSyncFailure) -> RecordPage<Record>? {
        do {
            guard let page = try await iterator.next() else {
                if sawLastPage { return nil }
                throw AppSyncFailure.transient("the list's read was cancelled before its last page")
            }
            sawLastPage = page.nextToken == nil
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
