import AmplifyModels
import ListRows
import OptimisticStore
import SyncEngine

/// The tests' own record: a name, an address and the server's `createdAt`, keyed as any model's
/// records are (`RecordKey`), so the row store is tested apart from the screens that use it.
struct Listing: SyncedRecord {
    var id: RecordKey
    var name: String
    var address: String?
    var createdAt: String?
    var version = 1
    var isDeleted = false

    /// A change replaces the record.
    func applying(_ patch: Listing) -> Listing { patch }
}

typealias ListingRow = RecordRow<Listing>

func listing(
    _ id: RecordKey, _ name: String, _ address: String? = nil, createdAt: String? = "2024-05-01T10:00:00.000Z", version: Int = 1
) -> Listing {
    Listing(id: id, name: name, address: address, createdAt: createdAt, version: version)
}

/// `"id\(n)"` where a key is expected.
extension RecordKey: ExpressibleByStringInterpolation {
    public init(stringLiteral text: String) { self.init(text) }
}

/// The tests' sorts: creation order, by name, by address (rows without one last).
enum ListingSort: Hashable, Sendable, CaseIterable {
    case creation, name, address

    func key(for record: Listing) -> String? {
        switch self {
        case .creation: nil
        case .name: SearchFolding.fold(record.name)
        // U+10FFFF sorts after any text: rows without an address go last.
        case .address: record.address.map(SearchFolding.fold) ?? "\u{10FFFF}"
        }
    }
}

/// The filter as typed, looked for in the name and the address without case or accents.
enum ListingRows: RowPolicy {
    static var creationOrder: ListingSort { .creation }
    static func creationTime(of record: Listing) -> CreationTime? { record.createdAt.map(CreationTime.init) }
    static func asciiPrefix(of id: RecordKey) -> UInt64? { id.asciiPrefix }
    static func sortKey(of record: Listing, _ sort: ListingSort) -> String? { sort.key(for: record) }
    static func matches(_ record: Listing, _ filter: FoldedFilter) -> Bool {
        filter.matches(text: record.name) || (!filter.isEmpty && record.address.map { filter.matches(text: $0) } ?? false)
    }
}

typealias ListingStore = RecordRowStore<ListingRows>
typealias ListingJob = RecordRowViewJob<ListingRows>
typealias ListingUpdate = RecordRowUpdate<Listing>

extension RecordRowStore where Policy == ListingRows {
    /// The filter as typed (the latest asked for).
    var filter: String { rowFilter.typed }

    mutating func setFilter(_ text: String) { setFilter(FoldedFilter(text)) }
}
