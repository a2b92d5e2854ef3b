/// The operators a clause takes between its field and its value (`between` and `exists` are
/// words, read by the parser). The lexer tries them in this order: `<=` before `<`.
enum FilterOperator: String, CaseIterable, Sendable {
    case equal = "="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
    case beginsWith = "^="
    case contains = "~"
    case notExists = "!exists"
}

/// One piece of the typed text, with the Characters it spans.
struct FilterToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A run of Characters that are not blanks, quotes, parentheses or operators: a field, a
        /// keyword (`and`, `between`, …), a value or a search word.
        case word(String)
        /// `"…"`, its escapes (`\"`, `\\`) undone: always a value or search text, never a field
        /// or keyword.
        case quoted(String)
        case symbol(FilterOperator)
        case open
        case close
        /// A quote that does not read (never closed, an unknown escape): the last token, its
        /// error said when the parser reaches it, so that an earlier mistake is said first.
        case broken(FilterError)
    }

    var kind: Kind
    var range: Range<Int>

    /// As the user typed it, for messages.
    var text: String {
        switch kind {
        case .word(let word): word
        case .quoted(let text): FilterPrinter.quote(text)
        case .symbol(let symbol): symbol.rawValue
        case .open: "("
        case .close: ")"
        case .broken: ""
        }
    }

    /// The word, when this is a word and not quoted.
    var word: String? {
        if case .word(let word) = kind { word } else { nil }
    }

    /// Whether this is the keyword `name` (any case, not quoted).
    func isKeyword(_ name: String) -> Bool {
        word.map { $0.lowercased() == name } ?? false
    }
}

/// Splits a filter's text into tokens. Operators need no blanks around them (`price>=100`); a
/// `!` or `^` not followed by `=` is part of a word (`Hi!`), except `!exists` at a word's start.
///
/// The text is read scalar by scalar, not Character by Character: a combining mark after a
/// quote or an operator (`"\u{301}…`) would otherwise hide the quote inside one Character. Ranges
/// are then given in Characters, as the prompt counts them.
enum FilterLexer {
    static func tokens(_ text: String) -> [FilterToken] {
        let scalars = Array(text.unicodeScalars)
        let places = CharacterPlaces(text)
        var tokens: [FilterToken] = []
        var index = 0
        func add(_ kind: FilterToken.Kind, to end: Int) {
            tokens.append(FilterToken(kind: kind, range: places.characters(index..<end)))
            index = end
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "(" || scalar == ")" {
                add(scalar == "(" ? .open : .close, to: index + 1)
            } else if scalar == "\"" {
                do throws(FilterError) {
                    let (text, end) = try quoted(scalars, from: index, places: places)
                    add(.quoted(text), to: end)
                } catch {
                    tokens.append(FilterToken(kind: .broken(error), range: error.range))
                    break
                }
            } else if let symbol = symbol(scalars, at: index) {
                add(.symbol(symbol), to: index + symbol.rawValue.unicodeScalars.count)
            } else {
                var end = index + 1
                while end < scalars.count, !endsWord(scalars, at: end) { end += 1 }
                add(.word(string(scalars[index..<end])), to: end)
            }
        }
        return tokens
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// The operator starting at `index`, if one does. `!exists` counts only as a whole word.
    private static func symbol(_ scalars: [Unicode.Scalar], at index: Int) -> FilterOperator? {
        FilterOperator.allCases.first { symbol in
            let spelled = Array(symbol.rawValue.unicodeScalars)
            guard scalars[index...].starts(with: spelled) else { return false }
            guard symbol == .notExists else { return true }
            let after = index + spelled.count
            return after == scalars.count || endsWord(scalars, at: after)
        }
    }

    /// Whether a word running up to `index` stops there.
    private static func endsWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if scalar.properties.isWhitespace || "()\"=<>~".unicodeScalars.contains(scalar) { return true }
        if scalar == "!" || scalar == "^" { return index + 1 < scalars.count && scalars[index + 1] == "=" }
        return false
    }

    /// A quoted text starting at `start` (its `"`): the text, and the index after its closing quote.
    private static func quoted(
        _ scalars: [Unicode.Scalar], from start: Int, places: CharacterPlaces
    ) throws(FilterError) -> (String, Int) {
        var text = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return (String(text), index + 1) }
            if scalar == "\\" {
                guard index + 1 < scalars.count else { break }
                let escaped = scalars[index + 1]
                guard escaped == "\"" || escaped == "\\" else {
                    throw FilterError(
                        places.characters(index..<(index + 2)), "unknown escape `\\\(escaped)`: only \\\" and \\\\ are escapes in quotes")
                }
                text.append(escaped)
                index += 2
            } else {
                text.append(scalar)
                index += 1
            }
        }
        throw FilterError(places.characters(start..<scalars.count), "unclosed quote")
    }
}

/// Which Character of a text each of its scalars belongs to: ranges found in scalars are given
/// in Characters.
struct CharacterPlaces {
    /// For each scalar, the index of its Character; one more entry for the end.
    private let characterOf: [Int]

    init(_ text: String) {
        var places: [Int] = []
        for (index, character) in text.enumerated() {
            places += Array(repeating: index, count: character.unicodeScalars.count)
        }
        places.append(text.count)
        characterOf = places
    }

    /// The Characters that hold the scalars `range`.
    func characters(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return characterOf[range.lowerBound]..<characterOf[range.lowerBound] }
        return characterOf[range.lowerBound]..<(characterOf[range.upperBound - 1] + 1)
    }
}
