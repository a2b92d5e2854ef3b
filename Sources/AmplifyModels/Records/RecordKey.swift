/// A record's identity: its primary key's values in key order (`id` alone, a custom key, or a
/// composite key's partition key then sort keys), as the `get` query and a `delete` input take
/// them.
///
/// Why not a dictionary of `ModelValue`s: the engine hashes and compares ids on every change,
/// and a million records each keep one. A single part is held inline (no array); a lowercase
/// UUID, what Amplify's clients make for `id`, is held as its 128 bits.
///
/// Invariant, which makes the synthesised `==` and `hash` compare values: a text that packs
/// (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase hex) is only ever held packed.
public struct RecordKey: Hashable, Sendable {
    /// One key field's value. Key fields are text (`ID`, `String`, the AWS text scalars, an enum
    /// value's name) or numbers (`Int`, `AWSTimestamp`, `Float`): a list, a `Boolean` or JSON key
    /// makes the model read-only (`ModelEntry`), so no record of such a model is ever made.
    public enum Part: Hashable, Sendable {
        /// A lowercase UUID's 128 bits, most significant first: they order as the texts do.
        case uuid(high: UInt64, low: UInt64)
        case text(String)
        case int(Int64)
        case float(Double)

        /// A text part, packed when it is a lowercase UUID.
        public init(text: String) {
            var text = text
            self = text.withUTF8 { UUIDBits.parse(UnsafeRawBufferPointer($0)) }.map { Part.uuid(high: $0.high, low: $0.low) } ?? .text(text)
        }

        /// The same from the text's UTF-8 bytes (as an answer's reader hands them over: a UUID
        /// makes no string at all).
        public init(utf8 bytes: UnsafeRawBufferPointer) {
            self = UUIDBits.parse(bytes).map { Part.uuid(high: $0.high, low: $0.low) } ?? .text(String(decoding: bytes, as: UTF8.self))
        }

        /// The value as the key field's text shows it.
        public var text: String {
            switch self {
            case .uuid(let high, let low): UUIDBits.text(high: high, low: low)
            case .text(let text): text
            case .int(let number): String(number)
            case .float(let number): "\(number)"
            }
        }
    }

    @usableFromInline
    enum Parts: Hashable, Sendable {
        case one(Part)
        case many([Part])
    }

    @usableFromInline let storage: Parts

    /// The parts in key order; one part is kept without an array.
    public init(_ parts: [Part]) {
        precondition(!parts.isEmpty, "a key has at least its partition key")
        storage = parts.count == 1 ? .one(parts[0]) : .many(parts)
    }

    public init(_ part: Part) { storage = .one(part) }

    /// A key of one text part (`id`), packed when it is a lowercase UUID.
    public init(_ text: String) { storage = .one(Part(text: text)) }

    public var parts: [Part] {
        switch storage {
        case .one(let part): [part]
        case .many(let parts): parts
        }
    }

    /// A new random (version 4) UUID, as Amplify's clients make ids: what a create sends as `id`.
    public static func random() -> RecordKey {
        let bits = UUIDBits.random()
        return RecordKey(.uuid(high: bits.high, low: bits.low))
    }

    /// For logs and screens: one part as its text, a composite key's parts joined by `#`, as
    /// Amplify's DataStore writes a composite identifier (`t1#A-2`). Not read back: a part may
    /// hold a `#` itself.
    public var text: String { parts.map(\.text).joined(separator: "#") }
}

extension RecordKey: Comparable {
    /// Part by part, in key order (a shorter key first when one is the other's beginning). Text
    /// parts compare as their texts (a packed UUID by its bits, which is the same order), numbers
    /// by value; parts of different kinds, which one model never mixes, by kind.
    public static func < (a: RecordKey, b: RecordKey) -> Bool {
        if case .one(let x) = a.storage, case .one(let y) = b.storage { return x < y }
        return a.parts.lexicographicallyPrecedes(b.parts)
    }
}

extension RecordKey {
    /// A one-part key's first 8 bytes of text as one big-endian number, which orders two keys as
    /// `<` does when the numbers differ: a packed UUID's from its bits; a text's only when all of
    /// it is ASCII (texts compare as Unicode, and a combining mark after the 8th byte could change
    /// the 8th character). nil for any other key.
    public var asciiPrefix: UInt64? {
        guard case .one(let part) = storage else { return nil }
        switch part {
        case .uuid(let high, _):
            return UUIDBits.asciiPrefix(high: high)
        case .text(let text):
            return Self.asciiPrefix(of: text)
        case .int, .float:
            return nil
        }
    }

    /// A text's first 8 bytes as one big-endian number when all of it is ASCII (see `asciiPrefix`),
    /// else nil: the rule for any id kept as text, a model's key or the sample's.
    public static func asciiPrefix(of text: String) -> UInt64? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64($1 < bytes.count ? bytes[$1] : 0) }
        }
    }
}

extension RecordKey.Part: Comparable {
    public static func < (a: RecordKey.Part, b: RecordKey.Part) -> Bool {
        switch (a, b) {
        case (.uuid(let aHigh, let aLow), .uuid(let bHigh, let bLow)): return (aHigh, aLow) < (bHigh, bLow)
        case (.int(let x), .int(let y)): return x < y
        case (.float(let x), .float(let y)): return x < y
        case (.int(let x), .float(let y)): return Double(x) < y
        case (.float(let x), .int(let y)): return x < Double(y)
        default:
            if a.isText && b.isText { return a.text < b.text }
            return a.isText ? false : true  // numbers before texts
        }
    }

    var isText: Bool {
        switch self {
        case .uuid, .text: true
        case .int, .float: false
        }
    }
}

extension RecordKey: CustomStringConvertible {
    public var description: String { text }
}

extension RecordKey {
    /// The key of a record holding `values` (by field name) in `model`'s key fields; nil when a
    /// key field has no value, or one of a kind a key cannot be.
    public init?(values: [String: ModelValue], of model: AmplifyModel) {
        var parts: [Part] = []
        for name in model.primaryKey.fields {
            guard let value = values[name], let part = Part(value) else { return nil }
            parts.append(part)
        }
        self.init(parts)
    }

    /// The key's fields as values of their types (`.enumValue` for an enum key), by field name:
    /// what `get`'s arguments and an update's or a delete's input hold.
    public func values(of model: AmplifyModel) -> [String: ModelValue] {
        var values: [String: ModelValue] = [:]
        for (name, part) in zip(model.primaryKey.fields, parts) {
            values[name] = part.value(as: model.field(named: name)?.type)
        }
        return values
    }
}

extension RecordKey.Part {
    /// The part a key field's value is; nil for null and for kinds a key cannot be.
    public init?(_ value: ModelValue) {
        switch value {
        case .string(let text), .enumValue(let text): self.init(text: text)
        case .int(let number): self = .int(number)
        case .float(let number): self = .float(number)
        case .null, .bool, .list, .json: return nil
        }
    }

    /// The part as a value of the key field's type.
    public func value(as type: FieldType?) -> ModelValue {
        switch (self, type) {
        case (.int(let number), _): .int(number)
        case (.float(let number), _): .float(number)
        case (_, .enumeration?): .enumValue(text)
        default: .string(text)
        }
    }
}
