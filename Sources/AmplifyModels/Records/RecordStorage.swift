/// A record in one heap block: the key and the server's numbers in the header, the other
/// fields' values after it as bytes (`RecordBytes`), in the layout's slot order.
///
/// Why one block: the list and the screen each hold a reference to the same block, and a million
/// records must not be a million arrays of values and several million strings. Immutable once shared: `ModelRecord`
/// makes a new block for a change of a block that is not uniquely referenced.
final class RecordStorage: ManagedBuffer<RecordStorage.Header, UInt8> {
    struct Header {
        let layout: RecordLayout
        var key: RecordKey
        var version: Int
        /// 0 unless `flags` has `hasLastChangedAt`, so that equal records have equal headers.
        var lastChangedAt: Int64
        /// How many bytes of values follow the header.
        var byteCount: UInt32
        var flags: Flags
    }

    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let isDeleted = Flags(rawValue: 1)
        static let hasLastChangedAt = Flags(rawValue: 2)
    }

    /// A block holding `header` and `values` (`RecordBytes`, one per slot).
    static func make(_ header: Header, values: UnsafeRawBufferPointer) -> RecordStorage {
        let block = create(minimumCapacity: values.count) { _ in
            var header = header
            header.byteCount = UInt32(values.count)
            return header
        }
        block.withUnsafeMutablePointerToElements { bytes in
            if let base = values.baseAddress { bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: values.count) }
        }
        return unsafeDowncast(block, to: RecordStorage.self)
    }

    static func make(_ header: Header, values: [UInt8]) -> RecordStorage {
        values.withUnsafeBytes { make(header, values: $0) }
    }

    /// The values' bytes, for the time of `body`.
    func withValueBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let count = Int(header.byteCount)
        return try withUnsafeMutablePointerToElements { try body(UnsafeRawBufferPointer(start: $0, count: count)) }
    }

    /// A copy that may be changed.
    func copy() -> RecordStorage {
        withValueBytes { RecordStorage.make(header, values: $0) }
    }

    /// Every slot's value, in slot order.
    var slotValues: [ModelValue] {
        let count = header.layout.slotCount
        return withValueBytes { bytes in
            var reader = RecordBytes.Reader(bytes)
            return (0..<count).map { _ in reader.value() }
        }
    }

    /// One slot's value: the slots before it are skipped, not made.
    func slotValue(_ slot: Int) -> ModelValue {
        withValueBytes { bytes in
            var reader = RecordBytes.Reader(bytes)
            for _ in 0..<slot { reader.skip() }
            return reader.value()
        }
    }

    /// Every field equal: the same model, key, numbers and value bytes.
    func hasSameFields(as other: RecordStorage) -> Bool {
        if self === other { return true }
        let a = header, b = other.header
        guard a.key == b.key, a.version == b.version, a.lastChangedAt == b.lastChangedAt, a.flags == b.flags,
              a.byteCount == b.byteCount, a.layout.isSame(as: b.layout)
        else { return false }
        return withValueBytes { mine in other.withValueBytes { mine.elementsEqual($0) } }
    }

    func hash(into hasher: inout Hasher) {
        let header = self.header
        hasher.combine(header.layout.model.name)
        hasher.combine(header.key)
        hasher.combine(header.version)
        hasher.combine(header.lastChangedAt)
        hasher.combine(header.flags)
        withValueBytes { hasher.combine(bytes: $0) }
    }
}
