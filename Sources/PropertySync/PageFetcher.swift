import AppSync

/// Fetches the pages of one sync query in order, in a task of its own, and keeps up to
/// `pagesAhead` of them waiting for the reader: the wire never waits for the reader's work, and
/// the reader never waits for a request it could have made sooner. The token is sequential, so
/// there is one request on the wire at a time.
struct PageFetcher {
    private let fetching: Task<Void, Never>
    private var iterator: AsyncThrowingStream<PropertyPage, any Error>.AsyncIterator
    private let room: PageRoom
    /// Whether the page without a next token has been handed in: the stream also ends when the
    /// reader's task is cancelled, and a read cut short must never pass for a whole list (its
    /// end removes what it did not list).
    private var sawLastPage = false

    init(api: any PropertyAPI, limit: Int, lastSync: Int64?, pagesAhead: Int) {
        let (pages, sink) = AsyncThrowingStream<PropertyPage, any Error>.makeStream()
        iterator = pages.makeAsyncIterator()
        // Pages held back once `pagesAhead` wait: the fetcher pauses until the reader takes one.
        let room = PageRoom(pagesAhead)
        self.room = room
        fetching = Task.detached {
            var token: String?
            var seenTokens: Set<String> = []
            do throws(AppSyncFailure) {
                repeat {
                    await room.take()
                    if Task.isCancelled { break }
                    let page = try await api.syncPage(limit: limit, nextToken: token, lastSync: lastSync)
                    sink.yield(page)
                    token = page.nextToken
                    // A server that hands out the same page token twice would keep us reading forever.
                    if let next = token, !seenTokens.insert(next).inserted {
                        throw .transient("the server's list does not end (it repeated a page token)")
                    }
                } while token != nil
                sink.finish()
            } catch {
                sink.finish(throwing: error)
            }
        }
    }

    /// The next page, nil after the last; the fetch's failure when it failed.
    mutating func next() async throws(AppSyncFailure) -> PropertyPage? {
        do {
            guard let page = try await iterator.next() else {
                if sawLastPage { return nil }
                throw AppSyncFailure.transient("the list's read was cancelled before its last page")
            }
            sawLastPage = page.nextToken == nil
            await room.give()
            return page
        } catch let failure as AppSyncFailure {
            throw failure
        } catch {
            throw .transient("\(error)")
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
