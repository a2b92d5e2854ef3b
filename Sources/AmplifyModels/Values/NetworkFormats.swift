/// AppSync's text scalars that are not dates, as its documentation defines them. Where AppSync's
/// exact check is not published (which phone numbers are valid in which country), this one is
/// the documented shape, and the server has the last word: a change it refuses is reverted with
/// its reason.
enum NetworkFormats {
    /// `local-part@domain-part` (RFC 822): a dot-atom before the `@`, host labels after it.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, isDotAtom(parts[0]), !parts[1].isEmpty else { return false }
        return parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isHostLabel)
    }

    private static let atomSymbols = Set("!#$%&'*+/=?^_`{|}~-".utf8)

    /// An ASCII letter or digit. (What `isASCII && (isLetter || isNumber)` says, without looking
    /// up Unicode properties: every answer's e-mails, URLs and phones are checked on reading.)
    private static func isAlphanumeric(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return isDigit(ascii) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii | 0x20)
    }

    private static func isDigit(_ ascii: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii) }

    private static func isDigit(_ character: Character) -> Bool { character.asciiValue.map(isDigit) ?? false }

    private static func isDotAtom(_ text: Substring) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
            !atom.isEmpty && atom.allSatisfy { isAlphanumeric($0) || ($0.asciiValue.map(atomSymbols.contains) ?? false) }
        }
    }

    private static func isHostLabel(_ label: Substring) -> Bool {
        !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
            && label.allSatisfy { isAlphanumeric($0) || $0 == "-" }
    }

    /// A URL with a scheme (RFC 1738/3986): `scheme:rest`, no blanks. With an authority
    /// (`scheme://host…`) the host may not be empty, and the path may not hold `//` (AppSync's rule).
    static func isURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon], rest = text[text.index(after: colon)...]
        guard let first = scheme.first, isAlphanumeric(first), !isDigit(first),
              scheme.allSatisfy({ isAlphanumeric($0) || "+.-".contains($0) }),
              !rest.isEmpty, !rest.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false })
        else { return false }
        guard rest.hasPrefix("//") else { return true }
        let afterSlashes = rest.dropFirst(2)
        let hostEnd = afterSlashes.firstIndex { "/?#".contains($0) } ?? afterSlashes.endIndex
        guard hostEnd > afterSlashes.startIndex else { return false }
        let path = afterSlashes[hostEnd...].prefix { $0 != "?" && $0 != "#" }
        return !path.contains("//")
    }

    /// Digits in groups separated by one blank or hyphen, an optional `+` and country code first;
    /// 5 to 15 digits (E.164's longest).
    static func isPhone(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "+" { body = body.dropFirst() }
        let groups = body.split(omittingEmptySubsequences: false) { $0 == " " || $0 == "-" }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return false }
        let digits = groups.reduce(0) { $0 + $1.count }
        return (5...15).contains(digits)
    }

    /// An IPv4 address in dotted quads or an IPv6 address (`::` shortening, an IPv4 tail),
    /// with an optional `/prefix` (0–32, 0–128).
    static func isIPAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let address = parts[0]
        let isV6 = address.contains(":")
        guard isV6 ? isIPv6(address) : isIPv4(address) else { return false }
        guard parts.count == 2 else { return true }
        guard let prefix = decimal(parts[1]) else { return false }
        return prefix <= (isV6 ? 128 : 32)
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in decimal(octet).map { $0 <= 255 } ?? false }
    }

    /// A decimal without a leading zero (`010` is refused: some read it as octal).
    private static func decimal(_ text: Substring) -> Int? {
        guard (1...3).contains(text.count), text.allSatisfy(isDigit), text.count == 1 || text.first != "0"
        else { return nil }
        return Int(text)
    }

    static func isIPv6(_ text: Substring) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ half: String) -> [Substring]? {
            half.isEmpty ? [] : half.split(separator: ":", omittingEmptySubsequences: false)
        }
        guard let head = groups(halves[0]), let tail = halves.count == 2 ? groups(halves[1]) : [] else { return false }
        let all = head + tail
        var count = 0
        for (index, group) in all.enumerated() {
            if index == all.count - 1, group.contains(".") {
                guard isIPv4(group) else { return false }
                count += 2
            } else {
                guard (1...4).contains(group.count), group.allSatisfy(\.isHexDigit), group.allSatisfy(\.isASCII) else { return false }
                count += 1
            }
        }
        return halves.count == 2 ? count <= 7 : count == 8
    }
}
