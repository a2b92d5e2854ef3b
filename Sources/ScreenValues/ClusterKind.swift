/// The kinds of multi-scalar grapheme clusters that terminals render differently: one
/// joined glyph two columns wide, or each scalar on its own. The `Terminal` module asks
/// the terminal how it renders one sample of each kind; a cluster with a kind the
/// terminal draws a scalar at a time is laid out a scalar at a time
/// (`Frame.separateClusters`). One cluster can be of several kinds (👩🏿‍💻: a ZWJ
/// sequence with a skin-tone modifier).
public enum ClusterKind: String, CaseIterable, Sendable, Hashable {
    /// Emoji joined by U+200D ZERO WIDTH JOINER (👨‍👩‍👧, 🏳️‍🌈).
    case zwjSequence
    /// A pair of regional indicators (🇯🇵).
    case flag
    /// A digit, `#` or `*` with U+20E3 COMBINING ENCLOSING KEYCAP (1️⃣).
    case keycap
    /// An emoji with a skin-tone modifier U+1F3FB…U+1F3FF (👍🏽).
    case emojiModifier
    /// A symbol asked to be an emoji by U+FE0F VARIATION SELECTOR-16 (❤️).
    case variationSelector16

    /// The most scalars a cluster drawn whole may have: what one curses cell holds
    /// (`CCHARW_MAX`; a test in `Terminal` checks the two agree). A longer emoji sequence
    /// (👨‍👩‍👧‍👦 has seven) is laid out a scalar at a time, so that every person shows.
    public static let maximumScalarsDrawnWhole = 5

    /// The sample written to the terminal to learn how it renders the kind.
    public var sample: String {
        switch self {
        case .zwjSequence: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        case .flag: "\u{1F1EF}\u{1F1F5}"
        case .keycap: "1\u{FE0F}\u{20E3}"
        case .emojiModifier: "\u{1F44D}\u{1F3FD}"
        case .variationSelector16: "\u{2764}\u{FE0F}"
        }
    }

    /// The kinds a cluster is of: none for a single scalar or a letter with combining
    /// marks, which every terminal draws in the width of its first scalar.
    public static func kinds(of cluster: String) -> Set<ClusterKind> {
        let scalars = cluster.unicodeScalars
        guard scalars.count > 1 else { return [] }
        var kinds: Set<ClusterKind> = []
        var regionalIndicators = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x200D: kinds.insert(.zwjSequence)
            case 0x20E3: kinds.insert(.keycap)
            case 0xFE0F: kinds.insert(.variationSelector16)
            case 0x1F3FB...0x1F3FF: kinds.insert(.emojiModifier)
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
        }
        if regionalIndicators >= 2 { kinds.insert(.flag) }
        return kinds
    }
}
