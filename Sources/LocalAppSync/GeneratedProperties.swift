/// Plausible properties for filling a store to a given size (`proptui serve --seed N`): names
/// and addresses from word lists, ids in the app's UUID format. The same `count` always gives
/// the same properties, so measurements and bug reports can be repeated.
struct GeneratedProperties: Sequence {
    let count: Int

    struct Property: Equatable {
        let id: String
        let name: String
        let address: String
    }

    /// The properties in id order, which is the order the table's primary key keeps: inserting
    /// in that order appends to the index instead of splitting pages all over it.
    func makeIterator() -> some IteratorProtocol<Property> {
        var ids = Self.sortedIDs(count: count).makeIterator()
        var index = 0
        return AnyIterator<Property> {
            guard let id = ids.next() else { return nil }
            defer { index += 1 }
            return Self.property(index, id: id)
        }
    }

    /// `count` distinct random version-4 UUIDs from a fixed seed, sorted. Sorted as 128-bit
    /// numbers, which is also their order as lowercase hex strings.
    static func sortedIDs(count: Int) -> some Sequence<String> {
        var random = SplitMix64(seed: 0x5EED_0000_0000_0000 ^ UInt64(truncatingIfNeeded: count))
        var numbers: [UUIDBits] = []
        numbers.reserveCapacity(count)
        // 122 random bits make a repeat all but impossible; if one happens, it is dropped and
        // another number drawn.
        repeat {
            while numbers.count < count { numbers.append(UUIDBits(high: random.next(), low: random.next())) }
            numbers.sort()
            var unique: [UUIDBits] = []
            unique.reserveCapacity(count)
            for number in numbers where unique.last != number { unique.append(number) }
            numbers = unique
        } while numbers.count < count
        return numbers.lazy.map(\.uuidString)
    }

    /// The index-th property's name and address (independent of the others).
    static func property(_ index: Int, id: String) -> Property {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
        let name = "\(pick(Words.adjectives)) \(pick(Words.nouns)) \(pick(Words.kinds))"
        let (city, postcode) = Words.cities[Int(random.next() % UInt64(Words.cities.count))]
        let number = 1 + random.next() % 400
        let address = "\(number) \(pick(Words.streets)) \(pick(Words.streetKinds)), \(postcode) \(city)"
        return Property(id: id, name: name, address: address)
    }

    /// A UUID as two 64-bit halves, with the version (4) and variant (RFC 4122) bits set.
    struct UUIDBits: Comparable {
        let high: UInt64
        let low: UInt64

        init(high: UInt64, low: UInt64) {
            self.high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
            self.low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        }

        static func < (a: Self, b: Self) -> Bool { (a.high, a.low) < (b.high, b.low) }

        /// xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx, lowercase, as the app makes ids.
        var uuidString: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(36)
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 { text.append(UInt8(ascii: "-")) }
                let half = nibble < 16 ? high : low
                text.append(digits[Int((half >> (60 - 4 * UInt64(nibble % 16))) & 0xF)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// A small, fast, well-mixed generator (Steele, Lea and Flood's SplitMix64): the standard
    /// library's generator cannot be seeded, and this needs the same numbers on every run.
    struct SplitMix64 {
        private var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private enum Words {
        static let adjectives = [
            "Sunny", "Quiet", "Old", "Little", "Grand", "Hidden", "Golden", "Silver", "Green", "Blue", "Royal", "Cosy",
            "Bright", "Windy", "Lakeside", "Riverside", "Hilltop", "Seaside", "Garden", "Corner", "Maple", "Cedar", "Oak",
            "Willow", "Stone", "Brick", "Harbour", "Meadow", "Orchard", "Sunset", "Morning", "Northern", "Southern",
        ]
        static let nouns = [
            "Park", "View", "Court", "Terrace", "House", "Gardens", "Heights", "Place", "Square", "Mill", "Yard", "Lane",
            "Crossing", "Point", "Ridge", "Fields", "Row", "Walk", "Gate", "Wharf", "Hall", "Lodge", "Corner", "Green",
        ]
        static let kinds = [
            "Apartment", "Loft", "Studio", "Cottage", "Townhouse", "Villa", "Bungalow", "Flat", "Duplex", "Penthouse",
            "Farmhouse", "Maisonette", "Residence", "Suites",
        ]
        static let streets = [
            "Main", "High", "Church", "Station", "Mill", "Park", "Victoria", "King", "Queen", "Elm", "Bridge", "Market",
            "Harbour", "Castle", "School", "Chapel", "Spring", "Orchard", "Forest", "Lake", "Hill", "Rose", "Grove",
        ]
        static let streetKinds = ["Street", "Road", "Avenue", "Lane", "Way", "Close", "Drive", "Place", "Terrace", "Crescent"]
        /// Some with non-ASCII letters, as real addresses have.
        static let cities = [
            ("London", "EC1A 1BB"), ("Berlin", "10827"), ("Paris", "75001"), ("Zürich", "8001"), ("São Paulo", "01310-100"),
            ("Sydney", "NSW 2000"), ("Toronto", "M5V 2T6"), ("Lisboa", "1100-148"), ("Kraków", "31-042"), ("Dublin", "D02 X285"),
            ("Wellington", "6011"), ("Reykjavík", "101"), ("Montréal", "H2Y 1C6"), ("Málaga", "29015"), ("Oslo", "0150"),
            ("Amsterdam", "1012 JS"), ("Seattle", "WA 98101"), ("Austin", "TX 78701"), ("Göteborg", "411 03"), ("Porto", "4050-253"),
        ]
    }
}
