/// UTF-8 put together a byte at a time. A byte that cannot continue the character under way
/// ends it as not UTF-8 (it is dropped) and is then read as the start of what follows, so a bad
/// byte never costs the good one after it (the "maximal subpart" practice of Unicode §3.9).
struct UTF8Assembler {
    /// What one byte gave: at most one scalar, and the first byte found not to be UTF-8 (the
    /// start of the character it broke off, `pending`, or this byte itself).
    struct Taken {
        var scalar: Unicode.Scalar?
        var invalid: (byte: UInt8, pending: Bool)?
    }

    /// The bits of the character under way, its first byte, and how many bytes it has and needs.
    private var value: UInt32 = 0
    private var first: UInt8 = 0
    private(set) var pendingCount = 0
    private var expected = 0

    mutating func take(_ byte: UInt8) -> Taken {
        var taken = Taken()
        if pendingCount > 0 {
            if Self.continues(first: first, count: pendingCount, with: byte) {
                value = value << 6 | UInt32(byte & 0x3F)
                pendingCount += 1
                guard pendingCount == expected else { return taken }
                taken.scalar = Unicode.Scalar(value)
                pendingCount = 0
                return taken
            }
            taken.invalid = (first, true)
            pendingCount = 0
        }
        switch byte {
        case 0x00...0x7F: taken.scalar = Unicode.Scalar(byte)
        case 0xC2...0xDF: start(byte, bits: byte & 0x1F, expected: 2)
        case 0xE0...0xEF: start(byte, bits: byte & 0x0F, expected: 3)
        case 0xF0...0xF4: start(byte, bits: byte & 0x07, expected: 4)
        default: if taken.invalid == nil { taken.invalid = (byte, false) }
        }
        return taken
    }

    private mutating func start(_ byte: UInt8, bits: UInt8, expected: Int) {
        (first, value, pendingCount, self.expected) = (byte, UInt32(bits), 1, expected)
    }

    /// The first byte of a character left unfinished, which is therefore not UTF-8; nil when none.
    mutating func flush() -> UInt8? {
        defer { pendingCount = 0 }
        return pendingCount > 0 ? first : nil
    }

    /// Whether `byte` may follow a character's first `count` bytes starting with `first` (the
    /// second byte's narrower ranges after E0, ED, F0 and F4 rule out overlong forms, surrogates
    /// and scalars past U+10FFFF).
    static func continues(first: UInt8, count: Int, with byte: UInt8) -> Bool {
        guard (0x80...0xBF).contains(byte) else { return false }
        guard count == 1 else { return true }
        switch first {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }
}
