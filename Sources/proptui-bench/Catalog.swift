import AmplifyModels
import AppSync
import SyncEngine

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and fully specified, so the
/// same seed gives the same operations on every platform and Swift version. The
/// standard library's generators are either not seedable or not specified.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` by multiply-shift. Written out rather than `Int.random(in:using:)`,
    /// whose algorithm the standard library does not promise to keep; the bias (< bound / 2⁶⁴) is irrelevant here.
    mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func pick<Element>(_ items: [Element]) -> Element { items[next(below: items.count)] }
}

/// A property as the workload tracks it, independent of either engine's model, so that
/// both engines receive the same contents (ours as a `ModelRecord` of the model `RealEstateProperty`, the
/// sample's as `SampleProperty`).
struct Listing {
    var id: String
    var name: String
    var address: String?
    /// Server timestamps in seconds since 1970; nil until the server has seen the record.
    var createdAt: Int64?
    var updatedAt: Int64?
    /// `_version`: 0 for a local create, 1 after a refresh, one more per confirmed write.
    var version: Int
}

/// Realistic record contents, derived from (seed, index) alone so that each engine can
/// generate its own copy inside its memory measurement and still get identical records.
///
/// Every name, address, id and timestamp is longer than 15 UTF-8 bytes, so none fits in
/// a small string: each is a heap allocation, as a decoded server response would be.
/// About one name or address in six carries non-ASCII text.
enum Catalog {
    static func listing(_ index: Int, seed: UInt64) -> Listing {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        let created = firstCreation + Int64(random.next(below: 2 * 365 * 86_400))
        return Listing(
            id: uuid(using: &random),
            name: name(using: &random),
            // Some properties have no address yet, as the sample's model allows.
            address: random.next(below: 20) == 0 ? nil : address(using: &random),
            createdAt: created,
            updatedAt: created + Int64(random.next(below: 90 * 86_400)),
            version: 1)
    }

    /// A new record made on this device: a client-generated id and no server fields yet.
    static func newListing(using random: inout SplitMix64) -> Listing {
        Listing(
            id: uuid(using: &random), name: name(using: &random), address: address(using: &random),
            createdAt: nil, updatedAt: nil, version: 0)
    }

    static func name(using random: inout SplitMix64) -> String {
        "\(random.pick(adjectives)) \(random.pick(kinds)) \(random.pick(settings))"
    }

    static func address(using random: inout SplitMix64) -> String {
        let number = 1 + random.next(below: 2_999)
        let postcode = 10_000 + random.next(below: 90_000)
        return "\(number) \(random.pick(streets)), \(postcode) \(random.pick(cities))"
    }

    /// An uppercase version-4 UUID string, the shape of Amplify's client-generated ids.
    static func uuid(using random: inout SplitMix64) -> String {
        var high = random.next()
        var low = random.next()
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC << 60)) | (0x8 << 60)  // RFC 4122 variant
        let digits = Array("0123456789ABCDEF".utf8)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = nibble < 16 ? high : low
                buffer[position] = digits[Int((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)]
                position += 1
            }
            return position
        }
    }

    /// `AWSDateTime` as the server sends it, e.g. "2024-03-14T09:26:53.000Z".
    static func awsDateTime(_ seconds: Int64) -> String {
        AWSDateTimeMilliseconds.text(seconds * 1000)
    }

    /// 2023-01-01T00:00:00Z: records were created over the two years after it.
    static let firstCreation: Int64 = 1_672_531_200

    private static let adjectives = [
        "Sunny", "Quiet", "Spacious", "Charming", "Modern", "Historic", "Cosy", "Bright", "Elegant",
        "Rustic", "Renovated", "Secluded",
    ]
    private static let kinds = [
        "Loft", "Townhouse", "Cottage", "Apartment", "Villa", "Bungalow", "Penthouse", "Studio",
        "Farmhouse", "Duplex",
    ]
    private static let settings = [
        "by the Harbour", "in the Old Town", "near Central Park", "on Elm Street", "with Garden",
        "with Sea View", "close to the Station", "on the Riverside", "in Kreuzberg", "near the University",
        "am Müggelsee", "à Montréal", "in Kraków", "off Market Street", "with Roof Terrace", "near the Lake",
    ]
    private static let streets = [
        "Elm Street", "Maple Avenue", "Harbour Road", "Station Road", "Rue de Rivoli", "Königstraße",
        "Oak Lane", "Sunset Boulevard", "Market Street", "Mill Lane", "Church Street", "Park Avenue",
    ]
    private static let cities = [
        "Springfield", "Portland", "Cambridge", "Lyon", "Zürich", "Bristol", "Seattle", "Austin", "Leeds",
        "Boston",
    ]
}
