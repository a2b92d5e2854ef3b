/// How many terminal columns text takes, measured per grapheme cluster (a Swift
/// `Character`), without curses: summing `wcwidth` per scalar misaligns emoji
/// sequences, and the views must lay out text before anything reaches a terminal.
///
/// Rules, in order: emoji shown as emoji (emoji presentation, or an emoji followed
/// by VS16 U+FE0F) take 2; VS15 U+FE0E asks for text presentation, 1; a cluster
/// that starts with a combining mark, a format character, a Hangul medial/final
/// jamo, tone mark or filler takes 0; East Asian Wide and Fullwidth characters take 2;
/// everything else 1. Control characters never get here (`TerminalText.sanitized`).
/// Checked against Python's `wcwidth` for every code point of the supported ranges
/// (`WcwidthAgreementTests`). How a terminal draws an emoji sequence can differ from
/// this; `Frame.separateClusters` lays those kinds out as the terminal draws them.
extension Character {
    public var terminalWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x300, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            // A lone Latin scalar, the common case: no table look-up.
            return first.value < 0x20 || (0x7F..<0xA0).contains(first.value) ? 0 : 1
        }
        var hasVS16 = false
        var hasVS15 = false
        for scalar in scalars {
            if scalar.value == 0xFE0F { hasVS16 = true }
            if scalar.value == 0xFE0E { hasVS15 = true }
        }
        let properties = first.properties
        if properties.isEmoji {
            if hasVS16 { return 2 }
            if hasVS15 { return 1 }
            if properties.isEmojiPresentation { return 2 }
        }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0  // before the table: U+3099 is a mark
        default: break
        }
        if EastAsianWidth.isInvisible(first) { return 0 }
        if EastAsianWidth.isWide(first) { return 2 }
        if (0x1160...0x11FF).contains(first.value) { return 0 }  // Hangul jungseong/jongseong join the syllable
        return 1
    }
}

extension StringProtocol {
    /// The columns the whole text takes, cluster by cluster.
    public var terminalWidth: Int { reduce(0) { $0 + $1.terminalWidth } }
}

/// The East Asian Wide (W) and Fullwidth (F) ranges of Unicode's
/// EastAsianWidth.txt that matter outside emoji (those are decided by the emoji
/// properties above). Sorted, so the look-up is a binary search.
enum EastAsianWidth {
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2630...0x2637,  // trigrams (wide since Unicode 16)
        0x268A...0x268F,  // monograms and digrams (wide since Unicode 16)
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, enclosed CJK
        0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA4CF,  // CJK unified ideographs, Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x1F200...0x1F251,  // enclosed ideographic supplement
        0x1F260...0x1F265,  // rounded symbols for fu, lu, shou, xi, shuangxi, cai
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G, H
    ]

    /// Inside the wide ranges but drawn in no column (as wcwidth has them): the Hangul
    /// tone marks (spacing combining marks) and the Hangul fillers (default ignorable).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x302E...0x302F, 0x3164, 0xFFA0: true
        default: false
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
