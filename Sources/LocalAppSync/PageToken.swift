import Foundation

/// The opaque `nextToken` of list and sync pages: where the next scan starts, and which query
/// it belongs to (a token is refused by another query). A small JSON object, signed
/// (`PageTokenSigner`): a token the server did not issue is refused.
struct PageToken: Codable, Equatable {
    /// The id the next page starts after.
    var afterID: String
    /// For delta sync pages (in change order): the `lastChangedAt` of the row the next page
    /// starts after. Absent in id order (list, full sync).
    var afterChangedAt: Int64?
    /// For sync pages: the first page's `startedAt` (and so the delta's lower bound), kept so
    /// that every page of one sync answers the same `startedAt`.
    var startedAt: Int64?
    /// Which query the token was issued for: "list" or "sync".
    var query: String

    /// The JSON the token signs. Encoding a struct of strings and integers cannot fail. Sorted
    /// keys: the same page gets the same token (JSONEncoder's key order otherwise varies).
    var payload: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)) ?? Data()
    }

    func encoded(signedBy signer: PageTokenSigner) -> String { signer.seal(payload) }

    init(after cursor: ScanCursor, startedAt: Int64?, query: String) {
        self.afterID = cursor.id
        self.afterChangedAt = cursor.changedAt
        self.startedAt = startedAt
        self.query = query
    }

    init(decoding token: String, for query: String, signer: PageTokenSigner) throws(AppSyncResolverError) {
        let data = try signer.open(token)
        guard let decoded = try? JSONDecoder().decode(PageToken.self, from: data),
            decoded.query == query
        else { throw AppSyncResolverError.invalidNextToken }
        self = decoded
    }

    /// Where the page this token asks for starts.
    var cursor: ScanCursor { ScanCursor(id: afterID, changedAt: afterChangedAt) }
}
