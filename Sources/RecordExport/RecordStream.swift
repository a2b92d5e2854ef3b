import AmplifyModels
import AppSync
import ModelFilters

/// Streams a query's records into a writer, a page at a time: the next page is asked for as
/// soon as a page arrives (its token found in the bytes, `UnreadAnswer.lastString`), so the
/// wire is kept busy while a page is written, and at most two pages are ever held. Each item is
/// written from its bytes (`WireItemReader`); only a filter checked here decodes it.
public struct RecordStream: Sendable {
    let client: AppSyncClient
    let query: RecordQuery
    let reader: WireItemReader

    public init(client: AppSyncClient, query: RecordQuery, columns: ExportColumns) {
        self.client = client
        self.query = query
        var reader = WireItemReader(columns: columns)
        reader.keepsText = query.localCheck != nil
        self.reader = reader
    }

    /// What a page handed to `emit` says.
    public struct Progress: Sendable {
        /// Rows written so far, this page's among them.
        public var rows = 0
        /// Items the server answered (deleted ones and those a local filter dropped too).
        public var itemsRead = 0
        public var pages = 0
        /// The last page has been written (or `limit` rows).
        public var isDone = false
    }

    /// Runs the query to its end, or to `limit` rows: each page's items are written with
    /// `writer` into a buffer, which `emit` takes (and writes out) with the progress so far.
    /// `framed`: `writer.begin` comes before the first page, `end` after the last, in the last
    /// buffer, and each page's end is told; else the caller frames several runs as one output.
    /// The server's refusal or a transport failure is thrown as `AppSyncFailure`; what `emit`
    /// throws stops the stream and is thrown as it is.
    public func run(
        into writer: inout some RowWriter, limit: Int? = nil, framed: Bool = true, emit: (inout [UInt8], Progress) throws -> Void
    ) async throws {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        if framed { writer.begin(into: &output) }
        var progress = Progress()
        if let limit, limit <= 0 {
            progress.isDone = true
            if framed { writer.end(into: &output) }
            try emit(&output, progress)
            return
        }
        var seenTokens: Set<String> = []
        var asking: Task<UnreadAnswer, any Error>? = ask(nil)
        defer { asking?.cancel() }
        while let request = asking {
            let answer = try await Self.answer(of: request)
            asking = nil
            // The next page asked for before this one is read; checked against it below.
            let guess = answer.lastString(forKey: "nextToken").flatMap { seenTokens.contains($0) ? nil : $0 }
            if let guess { asking = ask(guess) }
            let (nextToken, written, read) = try readPage(answer, into: &writer, output: &output, room: limit.map { $0 - progress.rows })
            if let next = nextToken, !seenTokens.insert(next).inserted {
                throw AppSyncFailure.transient("the server's list does not end (it repeated a page token)")
            }
            if nextToken != guess {
                asking?.cancel()
                asking = nextToken.map(ask)
            }
            progress.rows += written
            progress.itemsRead += read
            progress.pages += 1
            let reachedLimit = limit.map { progress.rows >= $0 } ?? false
            if reachedLimit {
                asking?.cancel()
                asking = nil
            }
            if framed { writer.pageEnded(into: &output) }
            if asking == nil {
                progress.isDone = true
                if framed { writer.end(into: &output) }
            }
            try emit(&output, progress)
            output.removeAll(keepingCapacity: true)
        }
    }

    private func ask(_ token: String?) -> Task<UnreadAnswer, any Error> {
        let (request, _, _) = query.request(nextToken: token)
        let client = client
        return Task { try await client.fetch(request) }
    }

    private static func answer(of request: Task<UnreadAnswer, any Error>) async throws(AppSyncFailure) -> UnreadAnswer {
        do {
            return try await withTaskCancellationHandler { try await request.value } onCancel: { request.cancel() }
        } catch let failure as AppSyncFailure {
            throw failure
        } catch {
            throw .transient("\(error)")
        }
    }

    /// One answer's items written (at most `room` of them); its next token, the rows written
    /// and the items read.
    private func readPage(
        _ answer: UnreadAnswer, into writer: inout some RowWriter, output: inout [UInt8], room: Int?
    ) throws(AppSyncFailure) -> (nextToken: String?, written: Int, read: Int) {
        let (_, field, kind) = query.request(nextToken: nil)
        let reader = reader
        let check = query.localCheck
        let sync = query.sync
        var written = 0
        var read = 0
        let nextToken = try answer.read(field: field) { json throws(JSONReadError) -> String? in
            func each(_ item: borrowing WireItem) throws(JSONReadError) {
                read += 1
                if item.isDeleted { return }
                if let room, written >= room { return }
                if let check {
                    let text = item.text
                    let record = try JSONReader.read(text) { reader throws(JSONReadError) in try sync.readRecord(&reader) }
                    guard let record, check.matches(record) else { return }
                }
                writer.write(item, into: &output)
                written += 1
            }
            switch kind {
            case .page: return try reader.readPage(&json, each: each)
            case .record:
                try reader.readRecord(&json, each: each)
                return nil
            }
        }
        return (nextToken ?? nil, written, read)
    }
}
