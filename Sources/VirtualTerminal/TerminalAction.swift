/// One thing the byte stream asks a terminal to do, as `EscapeSequenceParser` reads it.
public enum TerminalAction: Equatable, Sendable {
    /// A character to draw (one Unicode scalar; marks and joiners attach to the cell before).
    case print(Unicode.Scalar)
    /// A C0 control: BS, HT, LF, VT, FF, CR, SO, SI… (BEL and NUL included, which do nothing).
    case control(UInt8)
    /// `ESC intermediates final`, like ESC 7 or ESC ( 0.
    case escape(intermediates: [UInt8], final: UInt8)
    /// `CSI private parameters intermediates final`, like CSI ? 1049 h or CSI 38;5;4 m.
    /// A missing parameter is nil, so CSI ;5H is [nil, 5].
    case controlSequence(privateMarker: UInt8?, parameters: [Int?], intermediates: [UInt8], final: UInt8)
}
