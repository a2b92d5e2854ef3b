import AmplifyModels

/// A record's id. The ids AppSync and the app make are UUIDs in lowercase text: 36 characters,
/// an 80-byte heap string each, a large part of a record's memory at a million records. Such an
/// id is kept as its 128 bits (no heap at all); any other id is kept as its text, exactly.
///
/// Invariant, which makes the synthesised `==` and `hash` compare texts: a text that packs
/// (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase hex) is only ever held packed.
public struct PropertyID: Hashable, Sendable {
    @usableFromInline
    enum Form: Hashable, Sendable {
        /// The UUID's 128 bits, most significant first: they order as the lowercase texts do.
        case uuid(high: UInt64, low: UInt64)
        case text(String)
    }

    @usableFromInline let form: Form

    @inlinable init(form: Form) { self.form = form }

    public init(_ text: String) {
        var text = text
        form = text.withUTF8 { PropertyID.uuidBits(UnsafeRawBufferPointer($0)) } ?? .text(text)
    }

    /// The same from the text's UTF-8 bytes (as an answer's reader hands them over: a UUID makes
    /// no string at all).
    public init(utf8 bytes: UnsafeRawBufferPointer) {
        form = Self.uuidBits(bytes) ?? .text(String(decoding: bytes, as: UTF8.self))
    }

    /// A new random (version 4) UUID, as Amplify's clients make ids; its text is lowercase.
    public static func random() -> PropertyID {
        let (high, low) = UUIDBits.random()
        return PropertyID(form: .uuid(high: high, low: low))
    }

    /// The UUID a text is, when it is one in lowercase; nil otherwise.
    @usableFromInline
    static func uuidBits(_ bytes: UnsafeRawBufferPointer) -> Form? {
        UUIDBits.parse(bytes).map { Form.uuid(high: $0.high, low: $0.low) }
    }

    /// The id as the server knows it.
    public var text: String {
        switch form {
        case .text(let text): return text
        case .uuid(let high, let low):
            return UUIDBits.text(high: high, low: low)
        }
    }

    /// The text's UTF-8 bytes, for the time of `body`: a UUID's are written on the stack, no
    /// string made (a page's thousand cache writes each bind an id).
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch form {
        case .text(var text):
            return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .uuid(let high, let low):
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
                let count = UUIDBits.write(high: high, low: low, into: buffer)
                return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<count]))
            }
        }
    }

    /// The id's first 8 bytes of text as one big-endian number when the text is ASCII, which
    /// orders two ids as their texts do when the numbers differ (see `IDPrefix`); nil when not.
    /// A UUID's prefix is made from its bits, without the text.
    public var asciiPrefix: UInt64? {
        switch form {
        case .uuid(let high, _):
            return UUIDBits.asciiPrefix(high: high)
        case .text(let text):
            return RecordKey.asciiPrefix(of: text)
        }
    }
}

extension PropertyID: Comparable {
    /// As the texts compare. Two UUIDs compare by their bits, which is the same order.
    public static func < (a: PropertyID, b: PropertyID) -> Bool {
        if case .uuid(let aHigh, let aLow) = a.form, case .uuid(let bHigh, let bLow) = b.form {
            return (aHigh, aLow) < (bHigh, bLow)
        }
        return a.text < b.text
    }
}

extension PropertyID: CustomStringConvertible, ExpressibleByStringInterpolation, Codable {
    public var description: String { text }

    public init(stringLiteral text: String) { self.init(text) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
