/// Where things go on a screen of a given size. Shared by the reducer (paging
/// needs the list height) and the views.
struct Layout: Equatable {
    static let minimumWidth = 40
    static let minimumHeight = 10

    let width: Int
    let height: Int

    var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    let headerRow = 0
    let topRuleRow = 1
    let listTop = 2
    /// Rows for the list (or the detail fields): everything but the three lines above and four below.
    var listHeight: Int { max(1, height - 6) }
    var bottomRuleRow: Int { height - 4 }
    var inputRow: Int { height - 3 }
    var statusRow: Int { height - 2 }
    var hintsRow: Int { height - 1 }

    /// List columns: a selection mark, the name, the address, the row mark.
    var nameColumn: Int { 3 }
    var nameWidth: Int { max(8, (width - 7) * 2 / 5) }
    var addressColumn: Int { nameColumn + nameWidth + 1 }
    /// Two columns (⚡ is wide) and one blank at the right edge.
    var markColumn: Int { width - 3 }
    var addressWidth: Int { max(0, markColumn - 1 - addressColumn) }
}
