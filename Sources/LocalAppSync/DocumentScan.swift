/// A pass over a GraphQL document's text, before the library parses it: counts its tokens and
/// how deep its brackets nest, and stops at the first one past a limit.
///
/// GraphQLSwift's parser, validator and printer recurse once or more per level of nesting, and
/// its parser has no token limit: a 600 kB document nested 50,000 deep overflowed the stack
/// (SIGSEGV, the whole server). This scan is a loop with two counters, so the library never sees
/// a document past the limits graphql-java's parser applies (`maxTokens`, `maxRuleDepth`). It
/// reads tokens only as far as their extent (strings, comments, names, numbers); the parser
/// reports any malformed text, except one it would trap on (`unfinishedEscape`).
struct DocumentScan {
    enum Refusal: Equatable {
        case tooManyTokens(limit: Int, line: Int, column: Int)
        case nestedTooDeep(limit: Int, line: Int, column: Int)
        /// A string whose last escape is cut by the end of the text (`"a\` or `"\u00`). The
        /// library's lexer reads the escape's bytes without checking that they exist and traps,
        /// which kills the server: found by `FuzzRequestTests` (a document cut at random).
        case unfinishedEscape(text: String, line: Int, column: Int)
    }

    /// nil when the document is within both limits.
    static func refusal(of query: String, maxTokens: Int, maxNesting: Int) -> Refusal? {
        let text = Array(query.utf8)
        var index = 0
        var tokens = 0
        var depth = 0
        func byte(_ offset: Int) -> UInt8? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            let start = index
            let character = text[index]
            switch character {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), 0xEF, 0xBB, 0xBF:
                // Whitespace, commas and the byte order mark are not tokens.
                index += 1
                continue
            case UInt8(ascii: "#"):
                while index < text.count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
                continue
            case UInt8(ascii: "\""):
                guard let end = endOfString(text, from: index) else {
                    let (line, column) = position(of: start, in: text)
                    let cut = String(decoding: text[start...].prefix(40), as: UTF8.self)
                    return .unfinishedEscape(text: cut, line: line, column: column)
                }
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                depth += 1
                index += 1
                if depth > maxNesting {
                    let (line, column) = position(of: start, in: text)
                    return .nestedTooDeep(limit: maxNesting, line: line, column: column)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                depth = max(0, depth - 1)
                index += 1
            case UInt8(ascii: "."):
                index += byte(1) == UInt8(ascii: ".") && byte(2) == UInt8(ascii: ".") ? 3 : 1
            default:
                if isNameOrNumber(character) {
                    while index < text.count, isNameOrNumber(text[index]) || text[index] == UInt8(ascii: ".")
                        || ((text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-"))
                            && (text[index - 1] | 0x20) == UInt8(ascii: "e"))
                    {
                        index += 1
                    }
                } else {
                    index += 1
                }
            }
            tokens += 1
            if tokens > maxTokens {
                let (line, column) = position(of: start, in: text)
                return .tooManyTokens(limit: maxTokens, line: line, column: column)
            }
        }
        return nil
    }

    /// Letters, digits, `_` and `-` (a number's sign) continue a name or a number.
    private static func isNameOrNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Just past the string that starts at `index`: a block string (`"""`, where `\"""` does not
    /// end it) or a plain one (ended by an unescaped quote, or a line break the parser refuses).
    /// nil when a plain string's escape runs past the end of the text: `\` with nothing after
    /// it, or `\u` with fewer than four bytes after it.
    private static func endOfString(_ text: [UInt8], from index: Int) -> Int? {
        let quote = UInt8(ascii: "\"")
        var index = index
        if index + 2 < text.count, text[index + 1] == quote, text[index + 2] == quote {
            index += 3
            while index < text.count {
                if text[index] == UInt8(ascii: "\\"), index + 3 < text.count, text[index + 1] == quote,
                    text[index + 2] == quote, text[index + 3] == quote
                {
                    index += 4
                } else if text[index] == quote, index + 2 < text.count, text[index + 1] == quote, text[index + 2] == quote {
                    return index + 3
                } else {
                    index += 1
                }
            }
            return index
        }
        index += 1
        while index < text.count {
            switch text[index] {
            case quote: return index + 1
            case UInt8(ascii: "\\"):
                let escapeLength = index + 1 < text.count && text[index + 1] == UInt8(ascii: "u") ? 6 : 2
                guard index + escapeLength <= text.count else { return nil }
                index += 2
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return index
    }

    /// The 1-based line and column of a byte offset, as the library reports locations.
    private static func position(of offset: Int, in text: [UInt8]) -> (line: Int, column: Int) {
        var (line, lineStart) = (1, 0)
        for index in 0..<offset where text[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
