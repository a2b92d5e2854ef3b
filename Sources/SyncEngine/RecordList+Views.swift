import AppSync
import Foundation
import ModelFilters

/// Views (issue 31, item 2): a filter asked of the server while the list holds only part of the
/// model (`SyncPolicy`). The plan's request (a `get`, a key or index query, or `list` with
/// `filter`) is paged to its end; each page's records are merged like any read (the newer
/// version wins, pending changes stay on top), shown and cached, so that the screen's filter,
/// applied to every row, shows them as they come, and the cache answers the same filter offline.
extension RecordList {
    /// Asks the server for `plan`'s records, page by page, telling `.viewProgress` as each page
    /// arrives and once at the end. Cancelling the calling task stops it: no page is asked for
    /// after that (the one on the wire is let go), and nothing more is told. A view answered to
    /// its last page is kept by its `filter`'s text (`viewsRead`).
    public func askServer(_ plan: FilterPlan, view: Int, filter: String? = nil) async {
        guard await learnDialect() else {
            sink(.viewProgress(ViewProgress(view: view, state: .failed("the server's dialect is not known yet"))))
            return
        }
        let api = self.api
        let limit = options.pageSize
        var progress = ViewProgress(view: view, state: .asking)
        sink(.viewProgress(progress))
        setBusy(true)
        defer { setBusy(false) }
        var fetcher = PageFetcher<Record>(pagesAhead: Self.viewPagesAhead) { token throws(AppSyncFailure) in
            try await api.unreadViewPage(plan, limit: limit, nextToken: token)
        }
        defer { fetcher.stop() }
        do throws(AppSyncFailure) {
            while let page = try await fetcher.next() {
                if Task.isCancelled { return }
                serverAnswered()
                run(machine.mergeRead(page.records))
                progress.pages += 1
                progress.found += page.records.count
                // A page reads `limit` items before the filter; the last may read fewer.
                progress.itemsRead += page.nextToken == nil ? page.records.count : limit
                if page.nextToken == nil {
                    progress.state = .done
                    if let filter { keepViewRead(ViewRead(filter: filter, at: Date())) }
                }
                sink(.viewProgress(progress))
            }
        } catch {
            if Task.isCancelled { return }
            progress.state = .failed(error.description)
            sink(.viewProgress(progress))
        }
    }

    private func keepViewRead(_ view: ViewRead) {
        run([.save(.viewRead(view))])
        sink(.viewsRead(viewsRead))
    }

    /// The views read whole, as the cache keeps them (none when it cannot say).
    var viewsRead: [ViewRead] { (try? storage.viewsRead()) ?? [] }

    /// A view's pages are few, and each may be most of a second of the server's scanning: at most
    /// two pages ahead of the reader keep the wire busy without reading much that Esc throws away.
    static var viewPagesAhead: Int { 2 }
}
