/// How far a view's question to the server has got (issue 31, item 2; docs/models.md "Big
/// tables"): told as each page arrives, and once at the end. A view is named by the number its
/// asker gave it, so that a screen can tell the view it shows from one it has moved on from.
public struct ViewProgress: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// Pages are still coming.
        case asking
        /// The server has answered every page: the view holds all it matches.
        case done
        /// The server could not be asked, or refused: why. What arrived is kept.
        case failed(String)
    }

    public var view: Int
    public var state: State
    /// Pages answered so far.
    public var pages: Int
    /// Items the server read to answer them, at most (a page reads up to its `limit` of items
    /// before the filter; the last page may read fewer): "scanned 240,000".
    public var itemsRead: Int
    /// Records the answers held (the ones the filter matched).
    public var found: Int

    public init(view: Int, state: State, pages: Int = 0, itemsRead: Int = 0, found: Int = 0) {
        self.view = view
        self.state = state
        self.pages = pages
        self.itemsRead = itemsRead
        self.found = found
    }
}
