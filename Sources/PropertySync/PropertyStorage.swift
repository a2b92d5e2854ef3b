import Foundation

/// A record's fields in one heap block: the fixed-size fields in the header, the name's and the
/// address's UTF-8 bytes after it.
///
/// Why: at a million records, a record of separate fields (a 36-character id, a name and an
/// address, each its own heap string with a 32-byte header, plus 90 bytes inline) was about 330
/// bytes in the list and 120 more in the screen's copy. As one block it is about 160 bytes, and
/// the list and the screen each hold an 8-byte reference to the same block.
///
/// Immutable once shared: `RealEstateProperty` copies the block before changing a field of one
/// that is not uniquely referenced, as `Array` does.
@usableFromInline
final class PropertyStorage: ManagedBuffer<PropertyStorage.Header, UInt8> {
    @usableFromInline
    struct Header {
        @usableFromInline var id: PropertyID
        @usableFromInline var flags: Flags
        @usableFromInline var nameCount: UInt32
        /// `noAddress` when the address is null (an empty address is an address).
        @usableFromInline var addressCount: UInt32
        @usableFromInline var createdAt: PackedDateTime
        @usableFromInline var updatedAt: PackedDateTime
        @usableFromInline var version: Int
        /// 0 unless `flags` has `hasLastChangedAt`, so that equal records have equal headers.
        @usableFromInline var lastChangedAt: Int64
        @usableFromInline var unusualTimes: UnusualTimestamps?
    }

    @usableFromInline
    struct Flags: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @inlinable static var isDeleted: Flags { Flags(rawValue: 1) }
        @inlinable static var hasLastChangedAt: Flags { Flags(rawValue: 2) }
    }

    @inlinable static var noAddress: UInt32 { .max }

    /// A block holding `header` and the two texts' bytes (the header's counts are set here).
    @inlinable
    static func make(_ header: Header, name: UnsafeRawBufferPointer, address: UnsafeRawBufferPointer?) -> PropertyStorage {
        let addressCount = address?.count ?? 0
        let block = create(minimumCapacity: name.count + addressCount) { _ in
            var header = header
            header.nameCount = UInt32(name.count)
            header.addressCount = address.map { UInt32($0.count) } ?? noAddress
            return header
        }
        block.withUnsafeMutablePointerToElements { bytes in
            if let base = name.baseAddress { bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: name.count) }
            if let address, let base = address.baseAddress {
                (bytes + name.count).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: addressCount)
            }
        }
        return unsafeDowncast(block, to: PropertyStorage.self)
    }

    /// The same from strings.
    @inlinable
    static func make(_ header: Header, name: String, address: String?) -> PropertyStorage {
        var name = name
        return name.withUTF8 { nameBytes in
            guard var address else { return make(header, name: UnsafeRawBufferPointer(nameBytes), address: nil) }
            return address.withUTF8 { make(header, name: UnsafeRawBufferPointer(nameBytes), address: UnsafeRawBufferPointer($0)) }
        }
    }

    /// A copy that may be changed.
    @inlinable
    func copy() -> PropertyStorage {
        withTexts { PropertyStorage.make(header, name: $0, address: $1) }
    }

    /// The name's and the address's bytes (nil: no address), for the time of `body`.
    @inlinable
    func withTexts<Result>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        let nameCount = Int(header.nameCount), addressCount = header.addressCount
        return try withUnsafeMutablePointerToElements { bytes in
            let name = UnsafeRawBufferPointer(start: bytes, count: nameCount)
            let address = addressCount == Self.noAddress
                ? nil : UnsafeRawBufferPointer(start: bytes + nameCount, count: Int(addressCount))
            return try body(name, address)
        }
    }

    @inlinable
    var name: String { withTexts { name, _ in String(decoding: name, as: UTF8.self) } }

    @inlinable
    var address: String? { withTexts { _, address in address.map { String(decoding: $0, as: UTF8.self) } } }

    /// Every field equal, texts byte for byte.
    @inlinable
    func hasSameFields(as other: PropertyStorage) -> Bool {
        if self === other { return true }
        let a = header, b = other.header
        guard a.id == b.id, a.flags == b.flags, a.nameCount == b.nameCount, a.addressCount == b.addressCount,
              a.createdAt == b.createdAt, a.updatedAt == b.updatedAt, a.version == b.version,
              a.lastChangedAt == b.lastChangedAt, a.unusualTimes == b.unusualTimes
        else { return false }
        return withTexts { name, address in
            other.withTexts { otherName, otherAddress in
                name.elementsEqual(otherName) && (address.map { otherAddress?.elementsEqual($0) ?? false } ?? (otherAddress == nil))
            }
        }
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        let header = self.header
        hasher.combine(header.id)
        hasher.combine(header.flags.rawValue)
        hasher.combine(header.version)
        hasher.combine(header.createdAt)
        hasher.combine(header.updatedAt)
        hasher.combine(header.lastChangedAt)
        hasher.combine(header.unusualTimes)
        hasher.combine(header.nameCount)
        hasher.combine(header.addressCount)
        withTexts { name, address in
            hasher.combine(bytes: name)
            if let address { hasher.combine(bytes: address) }
        }
    }
}
