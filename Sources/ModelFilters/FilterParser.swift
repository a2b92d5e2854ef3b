/// Reads a filter typed at a model's `/` prompt (the grammar is in docs/models.md, "Filters"):
///
///     or     := and ("or" and)*
///     and    := unary ("and" unary)*
///     unary  := "not" unary | "(" or ")" | clause | search
///     clause := field op value | field "between" value "and" value | field "exists" | field "!exists"
///     search := (word | quoted)+
///
/// A word followed by an operator, `between`, `exists` or `!exists` is a field; any other word
/// (or quoted text) stands for itself, and words side by side are one phrase searched in every
/// text field (`villa blu`). `and`, `or` and `not` are keywords in any case; quote them to search
/// for them. Each clause is checked as it is read, so the first mistake in the text is the one
/// reported.
public enum FilterParser {
    /// The filter `text` says, checked against `fields`; nil for a blank text (no filter).
    public static func parse(_ text: String, fields: FilterFields) throws(FilterError) -> FilterExpression? {
        var parser = FilterTokenParser(tokens: FilterLexer.tokens(text), fields: fields)
        guard let first = try parser.peek else { return nil }
        try parser.expectTerm(at: first)
        let expression = try parser.disjunction()
        if let extra = try parser.peek {
            if extra.kind == .close { throw FilterError(extra.range, "unmatched `)`") }
            throw parser.adjacency(extra, closing: false)
        }
        return expression
    }

    static let keywords: Set<String> = ["and", "or", "not"]

    /// How deep `not` and parentheses may nest. The parser, the printer and the evaluation recurse
    /// once a level: a pasted line of a hundred thousand `(` would overflow the stack and take
    /// the app down with the user's unsent changes' screen. No filter a person means is this deep.
    public static let maximumNesting = 64
}

/// The parser's place in the tokens, and what it knows while it reads them.
struct FilterTokenParser {
    let tokens: [FilterToken]
    let fields: FilterFields
    var position = 0
    /// The value of the clause read last, when it was a bare word compared with a text field: a
    /// word after it most likely meant to be part of it (`name = Villa Blu`), which the error says.
    var lastValue: FilterToken?
    /// The `not`s and parentheses open around the term being read.
    var nesting = 0

    init(tokens: [FilterToken], fields: FilterFields) {
        self.tokens = tokens
        self.fields = fields
    }

    /// The next token; the error of a broken quote when the reading reaches it.
    var peek: FilterToken? {
        get throws(FilterError) {
            guard position < tokens.count else { return nil }
            if case .broken(let error) = tokens[position].kind { throw error }
            return tokens[position]
        }
    }

    mutating func advance() -> FilterToken {
        defer { position += 1 }
        return tokens[position]
    }

    mutating func disjunction() throws(FilterError) -> FilterExpression {
        var terms = [try conjunction()]
        while let next = try peek, next.isKeyword("or") {
            _ = advance()
            try expectTerm(after: next)
            terms.append(try conjunction())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func conjunction() throws(FilterError) -> FilterExpression {
        var terms = [try unary()]
        while let next = try peek, next.isKeyword("and") {
            _ = advance()
            try expectTerm(after: next)
            terms.append(try unary())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    mutating func unary() throws(FilterError) -> FilterExpression {
        lastValue = nil
        let token = advance()
        if token.isKeyword("not") || token.kind == .open {
            guard nesting < FilterParser.maximumNesting else {
                throw FilterError(token.range, "nested too deeply: at most \(FilterParser.maximumNesting) levels of `not` and parentheses")
            }
            nesting += 1
        }
        defer { if token.isKeyword("not") || token.kind == .open { nesting -= 1 } }
        if token.isKeyword("not") {
            try expectTerm(after: token)
            return .not(try unary())
        }
        switch token.kind {
        case .open:
            if let close = try peek, close.kind == .close {
                throw FilterError(token.range.lowerBound..<close.range.upperBound, "empty parentheses: expected a filter inside")
            }
            let inner = try disjunction()
            guard let close = try peek else { throw FilterError(token.range, "unclosed parenthesis") }
            guard close.kind == .close else { throw adjacency(close, closing: true) }
            _ = advance()
            lastValue = nil
            return inner
        case .word where isFieldAhead:
            return .clause(try clause(field: token))
        case .word, .quoted:
            return try search(from: token)
        case .symbol, .close, .broken:
            // `expectTerm` let nothing else through.
            throw FilterError(token.range, "expected a filter")
        }
    }

    /// Whether the token just read is a field: an operator, `between` or `exists` follows it.
    var isFieldAhead: Bool { isField(at: position - 1) }

    /// Whether the token at `place` is a word followed by an operator, `between` or `exists`.
    func isField(at place: Int) -> Bool {
        guard place + 1 < tokens.count, tokens[place].word != nil else { return false }
        let next = tokens[place + 1]
        if case .symbol = next.kind { return true }
        return next.isKeyword("between") || next.isKeyword("exists")
    }

    /// That a term follows `token` (`and`, `or`, `not`), or the error saying what came instead.
    func expectTerm(after token: FilterToken) throws(FilterError) {
        guard let next = try peek else { throw FilterError(token.range, "expected a filter after `\(token.text)`") }
        guard !startsTerm(next) else { return }
        if case .symbol(let symbol) = next.kind { throw FilterError(next.range, "expected a field before `\(symbol.rawValue)`") }
        throw FilterError(next.range, "expected a filter after `\(token.text)`, found `\(next.text)`")
    }

    /// That the text starts with a term, or the error saying what came instead.
    func expectTerm(at first: FilterToken) throws(FilterError) {
        guard !startsTerm(first) else { return }
        switch first.kind {
        case .symbol(let symbol): throw FilterError(first.range, "expected a field before `\(symbol.rawValue)`")
        case .close: throw FilterError(first.range, "unmatched `)`")
        default: throw FilterError(first.range, "expected a filter before `\(first.text)`")
        }
    }

    /// Whether a term may start with `token`: a parenthesis, `not`, text, a field.
    private func startsTerm(_ token: FilterToken) -> Bool {
        switch token.kind {
        case .open, .quoted: true
        case .word(let word): !FilterParser.keywords.contains(word.lowercased()) || word.lowercased() == "not"
        case .symbol, .close, .broken: false
        }
    }

    /// The error for `token` standing where `and`, `or` (or the group's `)`) was due.
    func adjacency(_ token: FilterToken, closing: Bool) -> FilterError {
        let expected = closing ? "`and`, `or` or `)`" : "`and` or `or`"
        if case .symbol(let symbol) = token.kind { return FilterError(token.range, "expected a field before `\(symbol.rawValue)`") }
        let isText = switch token.kind {
        case .word, .quoted: true
        default: false
        }
        if let value = lastValue, isText, !isField(at: position) {
            let phrase = FilterPrinter.quote(value.text + " " + (token.word ?? token.text))
            return FilterError(token.range, "expected \(expected) before `\(token.text)` (quote a value that holds blanks: \(phrase))")
        }
        return FilterError(token.range, "expected \(expected) before `\(token.text)`")
    }

    /// Words and quoted texts side by side, up to a keyword, a parenthesis or a field: one phrase.
    mutating func search(from first: FilterToken) throws(FilterError) -> FilterExpression {
        var parts = [first]
        while let next = try peek {
            if case .quoted = next.kind {
                parts.append(advance())
                continue
            }
            guard let word = next.word, !FilterParser.keywords.contains(word.lowercased()), !isField(at: position) else { break }
            parts.append(advance())
        }
        let text = parts.map { part in
            if case .quoted(let text) = part.kind { text } else { part.word ?? "" }
        }.joined(separator: " ")
        guard !text.isEmpty else { throw FilterError(first.range, "an empty text searches for nothing") }
        return .search(text)
    }
}
