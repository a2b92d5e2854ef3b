/// One column of the screen.
public struct ScreenCell: Equatable, Sendable {
    /// What is drawn: one grapheme (a scalar plus any marks or joined scalars), a space when blank,
    /// and "" in the right half of a wide character.
    public var text: String
    /// 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: Int
    public var style: CellStyle

    public init(text: String = " ", width: Int = 1, style: CellStyle = CellStyle()) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank that keeps the background colour it was erased with, as xterm does (bce).
    static func blank(_ style: CellStyle) -> ScreenCell {
        var erased = CellStyle()
        erased.background = style.background
        return ScreenCell(style: erased)
    }
}
