import AmplifyModels
import JSONValues

/// Plausible values of each scalar for `ModelSeed`, in the shapes `FieldValueCodec` accepts;
/// text fields read by their name (a `name` or `title` two words, a `description` a phrase, an
/// `address` a street, number and city).
enum SeedText {
    static let adjectives = [
        "Sunny", "Quiet", "Old", "Little", "Grand", "Hidden", "Golden", "Silver", "Green", "Blue", "Royal", "Cosy",
        "Bright", "Windy", "Lakeside", "Riverside", "Hilltop", "Seaside", "Garden", "Corner", "Maple", "Cedar", "Oak",
        "Willow", "Stone", "Brick", "Harbour", "Meadow", "Orchard", "Sunset", "Morning", "Northern", "Southern",
    ]
    static let nouns = [
        "Park", "View", "Court", "Terrace", "House", "Gardens", "Heights", "Place", "Square", "Mill", "Yard", "Lane",
        "Crossing", "Point", "Ridge", "Fields", "Row", "Walk", "Gate", "Wharf", "Hall", "Lodge", "Market", "Green",
        "River", "Bakery", "Library", "Studio", "Orchard", "Bridge", "Meadow", "Lantern", "Loft", "Cottage", "Villa",
    ]
    static let words = ["weekly", "shared", "morning", "family", "groceries", "travel", "rent", "gift", "books", "coffee", "repairs", "music"]
    static let colours = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "grey"]
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

    /// What a text field's name says it holds, read once per field.
    enum TextKind: Sendable {
        case email, colour, phrase, title, address, word

        init(name: String) {
            let lower = name.lowercased()
            if lower.contains("email") {
                self = .email
            } else if lower.contains("address") {
                self = .address
            } else if lower.contains("colo") {
                self = .colour
            } else if ["description", "note", "text", "comment", "body", "summary"].contains(where: lower.contains) {
                self = .phrase
            } else if ["name", "title", "label", "merchant", "author"].contains(where: lower.contains) {
                self = .title
            } else {
                self = .word
            }
        }
    }

    static func scalar(_ scalar: ScalarType, name: String, kind: TextKind, random: inout SeedRandom, index: Int) -> JSONValue {
        func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
        func number(_ bound: UInt64) -> UInt64 { random.next() % bound }
        switch scalar {
        case .id: return .string(SeedRandom.uuid(name, Int(number(1_000_000_000))))
        case .string:
            switch kind {
            case .email: return .string(pick(words) + String(index) + "@example.com")
            case .colour: return .string(pick(colours))
            case .phrase: return .string(pick(adjectives) + " " + pick(words) + " " + pick(words) + " for the " + pick(nouns).lowercased())
            case .title: return .string(pick(adjectives) + " " + pick(nouns))
            case .address:
                let (city, postcode) = cities[Int(number(UInt64(cities.count)))]
                return .string("\(1 + number(400)) \(pick(streets)) \(pick(streetKinds)), \(postcode) \(city)")
            case .word: return .string(pick(words) + "-" + String(index))
            }
        case .int: return .int(Int64(number(1000)))
        case .float: return .double(Double(number(100_000)) / 100)
        case .boolean: return .bool(number(2) == 0)
        case .awsDate: return .string(date(dayNumber: Int(number(3650))))
        case .awsTime: return .string(two(number(24)) + ":" + two(number(60)) + ":00")
        case .awsDateTime: return .string(date(dayNumber: Int(number(3650))) + "T" + two(number(24)) + ":" + two(number(60)) + ":00.000Z")
        case .awsTimestamp: return .int(1_600_000_000 + Int64(number(200_000_000)))
        case .awsEmail: return .string("\(pick(words))\(index)@example.com")
        case .awsURL: return .string("https://example.com/\(pick(words))/\(index)")
        case .awsPhone: return .string("+1 206 555 " + String(number(10_000)).leftPadded(to: 4))
        case .awsIPAddress: return .string("192.0.2.\(number(255))")
        case .awsJSON: return .string(#"{"\#(pick(words))":\#(number(100))}"#)
        }
    }

    /// A real day, `dayNumber` days after 2020-01-01 (whatever the number, a valid date).
    static func date(dayNumber: Int) -> String {
        var (year, day) = (2020, max(0, dayNumber))
        while true {
            let length = isLeap(year) ? 366 : 365
            if day < length { break }
            day -= length
            year += 1
        }
        var month = 1
        while true {
            let length = monthLength(month, year: year)
            if day < length { break }
            day -= length
            month += 1
        }
        return String(year).leftPadded(to: 4) + "-" + two(UInt64(month)) + "-" + two(UInt64(day + 1))
    }

    /// A key's text starts from its field's name: `tenantId` → `tenant`.
    static func keyPrefix(_ name: String) -> String {
        let trimmed = name.hasSuffix("Id") && name.count > 2 ? String(name.dropLast(2)) : name
        return trimmed.lowercased()
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func monthLength(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func two(_ number: UInt64) -> String { String(number).leftPadded(to: 2) }
}
