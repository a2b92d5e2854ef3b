import AmplifyModels
import ScreenValues

/// A model's records as a table: a header row of field names, then a row per record from
/// `scrollTop`, the selection in reverse video with `▸`, a marked row (for a change to many at
/// once) in bold with `*` before it, and a mark per row at the right (the caller's: `…` pending,
/// `!` refused, `⚡` a conflict). Reads only the rows on screen, so a
/// million records cost what ten do.
public struct RecordListView {
    public let columns: RecordColumns
    public var selectedIndex: Int?
    public var scrollTop: Int
    /// Columns kept at the right for the rows' marks.
    public static let markWidth = 2
    /// Columns at the left for the selection's `▸`.
    public static let indent = 3

    public init(columns: RecordColumns, selectedIndex: Int?, scrollTop: Int) {
        self.columns = columns
        self.selectedIndex = selectedIndex
        self.scrollTop = scrollTop
    }

    /// The width the columns get in a region `width` wide: what to build `RecordColumns` for.
    public static func columnsWidth(inRegionWidth width: Int) -> Int {
        max(0, width - indent - markWidth - 1)
    }

    /// The rows of a region `height` high that show records (the first shows the titles).
    public static func rowsShown(inRegionHeight height: Int) -> Int { max(0, height - 1) }

    /// The first row to show so that `selected` is in view, moving as little as possible from `previous`.
    public static func scrollTop(showing selected: Int?, previous: Int, rowsShown: Int, count: Int) -> Int {
        guard rowsShown > 0, count > 0 else { return 0 }
        var top = min(max(0, previous), max(0, count - rowsShown))
        if let selected {
            if selected < top { top = selected }
            if selected >= top + rowsShown { top = selected - rowsShown + 1 }
        }
        return max(0, top)
    }

    /// Draws `count` records, read with `record(at:)` for the rows on screen only. `mark` gives a
    /// row's mark and whether it is dim (a change waiting for the server); `isMarked`, whether the
    /// user marked it (drawn so without colour too: the `*` and bold).
    public func draw(
        count: Int, record: (Int) -> ModelRecord, into frame: inout Frame, region: FrameRegion,
        emptyText: String = "No records.", mark: (_ position: Int) -> (text: String, dim: Bool) = { _ in ("", false) },
        isMarked: (_ position: Int) -> Bool = { _ in false }
    ) {
        guard region.height > 0, region.width > 0 else { return }
        let left = region.left + Self.indent
        columns.drawHeader(into: &frame, row: region.top, left: left)
        guard count > 0 else {
            frame.draw(emptyText, row: region.top + 1, column: left, width: region.width - Self.indent, style: .dim)
            return
        }
        let shown = Self.rowsShown(inRegionHeight: region.height)
        let top = min(max(0, scrollTop), max(0, count - 1))
        for index in top..<min(count, top + shown) {
            let line = region.top + 1 + index - top
            let row = record(index)
            let (markText, dim) = mark(index)
            var style: Frame.Style = dim ? .dim : .normal
            let selected = index == selectedIndex
            if selected { style.insert(.reverse) }
            let marked = isMarked(index)
            if marked { style.insert(.bold) }
            frame.draw("", row: line, column: region.left, width: region.width, style: style, fill: true)
            if selected { frame.draw("▸", row: line, column: region.left + 1, width: 1, style: style) }
            if marked { frame.draw("*", row: line, column: region.left + 2, width: 1, style: style) }
            columns.drawRecord(row, into: &frame, row: line, left: left, style: style)
            if !markText.isEmpty {
                frame.draw(markText, row: line, column: region.left + region.width - Self.markWidth, width: Self.markWidth, style: style)
            }
        }
        // More above or below: said in the margin, as the app's list does.
        if top > 0 { frame.draw("↑", row: region.top + 1, column: region.left, width: 1, style: .dim) }
        if top + shown < count { frame.draw("↓", row: region.top + shown, column: region.left, width: 1, style: .dim) }
    }

    /// The same for records in an array.
    public func draw(
        _ records: [ModelRecord], into frame: inout Frame, region: FrameRegion, emptyText: String = "No records.",
        mark: (ModelRecord) -> (text: String, dim: Bool) = { _ in ("", false) }
    ) {
        draw(count: records.count, record: { records[$0] }, into: &frame, region: region, emptyText: emptyText, mark: { mark(records[$0]) })
    }
}
