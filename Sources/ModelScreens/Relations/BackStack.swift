import AmplifyModels

/// Where the user came from while following relations: each place is a model's list (filtered
/// or not) with the row that was selected, so that going back lands where they were.
public struct BackStack: Sendable, Hashable {
    public struct Place: Sendable, Hashable {
        public var model: String
        /// nil: the whole list.
        public var filter: RecordFilter?
        /// The selected row's position, and its key (a row may have moved meanwhile: the key
        /// finds it again, the position is the fallback).
        public var selectedRow: Int
        public var selectedKey: RecordKey?
        /// Whether the place was a record's detail rather than the list.
        public var showedDetail: Bool
        /// The filter typed there (`/`), if any.
        public var textFilter: String

        public init(
            model: String, filter: RecordFilter? = nil, selectedRow: Int = 0, selectedKey: RecordKey? = nil, showedDetail: Bool = false,
            textFilter: String = ""
        ) {
            self.model = model
            self.filter = filter
            self.selectedRow = selectedRow
            self.selectedKey = selectedKey
            self.showedDetail = showedDetail
            self.textFilter = textFilter
        }
    }

    /// Oldest first.
    public private(set) var places: [Place] = []
    /// Following relations in a cycle (reader → book → reader …) keeps only this many places:
    /// the oldest go first.
    public static let maximumDepth = 64

    public init() {}

    public var isEmpty: Bool { places.isEmpty }
    public var count: Int { places.count }
    public var top: Place? { places.last }

    public mutating func push(_ place: Place) {
        places.append(place)
        if places.count > Self.maximumDepth { places.removeFirst(places.count - Self.maximumDepth) }
    }

    /// The place to go back to; nil when there is none.
    @discardableResult
    public mutating func pop() -> Place? {
        places.popLast()
    }

    /// Models whose lists the stack passes through: `Reader › Book where readerId = …`.
    public var trail: String {
        places.map { $0.filter?.description ?? $0.model }.joined(separator: " › ")
    }
}
