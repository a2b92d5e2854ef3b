/// Reads one line of a tape into a `TapeCommand`.
enum TapeParser {
    static func command(_ text: String, line: Int) throws(TapeError) -> TapeCommand {
        var rest = Substring(text)
        let word = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(word.count).drop { $0.isWhitespace }
        // `Type@80ms`, `Wait@30s`, `Down@100ms`: a speed or time limit for this line only.
        let parts = word.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let modifier = try parts.count > 1 ? duration(String(parts[1]), line: line) : nil
        let arguments = rest

        func noModifier() throws(TapeError) {
            if modifier != nil { throw TapeError(line: line, "\(name) takes no @ modifier") }
        }

        switch name {
        case "Output":
            try noModifier()
            return .output(try bare(arguments, line: line, what: "a file name"))
        case "Set":
            try noModifier()
            return .set(try setting(arguments, line: line))
        case "Type":
            return .type(try quoted(arguments, line: line), speed: modifier)
        case "Sleep":
            try noModifier()
            return .sleep(try duration(try bare(arguments, line: line, what: "a duration"), line: line))
        case "Wait":
            return .wait(try quoted(arguments, line: line), timeout: modifier)
        case "WaitNot":
            return .waitNot(try quoted(arguments, line: line), timeout: modifier)
        case "Expect":
            try noModifier()
            return .expect(try quoted(arguments, line: line))
        case "ExpectNot":
            try noModifier()
            return .expectNot(try quoted(arguments, line: line))
        case "Screenshot":
            try noModifier()
            return .screenshot(try bare(arguments, line: line, what: "a file name"))
        case "Server":
            try noModifier()
            return .server(try serverChange(arguments, line: line))
        case "Launch", "Kill":
            try noModifier()
            guard arguments.isEmpty else { throw TapeError(line: line, "\(name) takes nothing after it") }
            return name == "Launch" ? .launch : .kill
        default:
            return try key(name, modifier: modifier, arguments: arguments, line: line)
        }
    }

    private static func key(
        _ name: String, modifier: Duration?, arguments: Substring, line: Int
    ) throws(TapeError) -> TapeCommand {
        let key: TapeKey
        if name.hasPrefix("Ctrl+") {
            let letter = name.dropFirst("Ctrl+".count)
            guard letter.count == 1, let character = letter.first,
                character.isASCII && character.isLetter || "@[\\]^_".contains(character)
            else { throw TapeError(line: line, "Ctrl+ takes one letter or one of @ [ \\ ] ^ _, not “\(letter)”") }
            key = .control(character)
        } else if let named = TapeKey.named[name] {
            key = named
        } else {
            throw TapeError(line: line, "unknown command “\(name)”")
        }
        var count = 1
        if !arguments.isEmpty {
            guard let number = Int(arguments), number > 0 else {
                throw TapeError(line: line, "\(name) takes a repeat count (a positive number), not “\(arguments)”")
            }
            count = number
        }
        return .key(key, count: count, speed: modifier)
    }

    private static func setting(_ arguments: Substring, line: Int) throws(TapeError) -> TapeSetting {
        let name = arguments.prefix { !$0.isWhitespace }
        let value = String(arguments.dropFirst(name.count).drop { $0.isWhitespace })
        func size(_ range: ClosedRange<Int>) throws(TapeError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw TapeError(line: line, "Set \(name) takes a number from \(range.lowerBound) to \(range.upperBound) (columns or lines)")
            }
            return number
        }
        switch name {
        case "Width": return .width(try size(20...500))
        case "Height": return .height(try size(5...200))
        case "TypingSpeed": return .typingSpeed(try duration(value, line: line))
        case "WaitTimeout": return .waitTimeout(try duration(value, line: line))
        case "Title": return .title(try quoted(Substring(value), line: line))
        case "Models": return .models(try quoted(Substring(value), line: line))
        case "Seed":
            guard let count = Int(value), (0...2_000_000).contains(count) else {
                throw TapeError(line: line, "Set Seed takes a number of items from 0 to 2000000, not “\(value)”")
            }
            return .seed(count)
        case "Sync":
            let policy = try quoted(Substring(value), line: line)
            guard ["all", "views", "limit"].contains(policy) else {
                throw TapeError(line: line, "Set Sync takes \"all\", \"views\" or \"limit\", not “\(policy)”")
            }
            return .sync(policy)
        default:
            throw TapeError(line: line, "unknown setting “\(name)” (known: Width, Height, TypingSpeed, WaitTimeout, Title, Models, Seed, Sync)")
        }
    }

    private static func serverChange(_ arguments: Substring, line: Int) throws(TapeError) -> ServerChange {
        let name = arguments.prefix { !$0.isWhitespace }
        let value = String(arguments.dropFirst(name.count).drop { $0.isWhitespace })
        switch name {
        case "Latency": return .latency(try duration(value, line: line))
        case "FailRate":
            guard let rate = Double(value), (0...1).contains(rate) else {
                throw TapeError(line: line, "Server FailRate takes a number from 0 to 1, not “\(value)”")
            }
            return .failRate(rate)
        case "Rename":
            let quotedPair = /^(["'`])(.*?)\1\s+(["'`])(.*?)\3$/
            guard let match = value.wholeMatch(of: quotedPair), !match.2.isEmpty, !match.4.isEmpty else {
                throw TapeError(line: line, "Server Rename takes two names in quotes: the property's and its new one")
            }
            return .rename(from: String(match.2), to: String(match.4))
        case "Offline", "Online":
            guard value.isEmpty else { throw TapeError(line: line, "Server \(name) takes nothing after it") }
            return name == "Offline" ? .offline : .online
        default:
            throw TapeError(line: line, "unknown Server change “\(name)” (known: Latency, FailRate, Offline, Online, Rename)")
        }
    }

    /// A string in double quotes, single quotes or backticks (no escapes: pick the quote the text lacks).
    private static func quoted(_ arguments: Substring, line: Int) throws(TapeError) -> String {
        guard let quote = arguments.first, "\"'`".contains(quote), arguments.count >= 2, arguments.last == quote else {
            throw TapeError(line: line, "expected text in quotes, like \"Maple Cottage\"")
        }
        let inner = arguments.dropFirst().dropLast()
        guard !inner.contains(quote) else {
            throw TapeError(line: line, "the text contains its own quote mark: use another (\" ' or `)")
        }
        return String(inner)
    }

    private static func bare(_ arguments: Substring, line: Int, what: String) throws(TapeError) -> String {
        guard !arguments.isEmpty, !arguments.contains(where: \.isWhitespace) else {
            throw TapeError(line: line, "expected \(what)")
        }
        return String(arguments)
    }

    /// `500ms`, `2s`, `1m`, or a bare number of seconds (`0.5`), as vhs reads them.
    static func duration(_ text: String, line: Int) throws(TapeError) -> Duration {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        var number = Substring(text)
        var scale = 1.0
        for unit in units where text.hasSuffix(unit.suffix) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.seconds
            break
        }
        guard let value = Double(number), value >= 0, value.isFinite, value * scale <= 3600 else {
            throw TapeError(line: line, "“\(text)” is not a duration (like 500ms, 2s or 0.5)")
        }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}
