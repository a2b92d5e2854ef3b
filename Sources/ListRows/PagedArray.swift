/// An array kept in pages of 4,096 elements. A copy (a background job's snapshot of the
/// rows) shares the pages; a write after it copies the page list (one reference per page)
/// and the one page written, never the whole table as a plain array would on the event loop.
@usableFromInline struct PagedArray<Element: Sendable>: Sendable {
    @inlinable static var pageShift: Int { 12 }
    @inlinable static var pageSize: Int { 1 << pageShift }
    @usableFromInline var pages: [[Element]] = []
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable subscript(index: Int) -> Element {
        // Read and modify in place: an element's strings are not retained and released per access.
        _read { yield pages[index >> Self.pageShift][index & (Self.pageSize - 1)] }
        _modify { yield &pages[index >> Self.pageShift][index & (Self.pageSize - 1)] }
    }

    @inlinable mutating func append(_ element: Element) {
        if count & (Self.pageSize - 1) == 0 {
            var page: [Element] = []
            page.reserveCapacity(Self.pageSize)
            pages.append(page)
        }
        pages[pages.count - 1].append(element)
        count += 1
    }
}
