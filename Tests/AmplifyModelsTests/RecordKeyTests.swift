import AmplifyModels
import Foundation
import Testing

/// A record's key: a lowercase UUID packed (and no other text), ordered as the texts are,
/// composite keys part by part, and back to the key fields' values.
@Suite struct RecordKeyTests {
    static let uuid = "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c"

    @Test func aLowercaseUUIDIsPackedAndAnyOtherTextIsKeptExactly() {
        #expect(RecordKey(Self.uuid).parts == [RecordKey.Part(text: Self.uuid)])
        guard case .uuid = RecordKey.Part(text: Self.uuid) else {
            Issue.record("a lowercase UUID is not packed")
            return
        }
        for text in [Self.uuid.uppercased(), "p1", "", String(Self.uuid.dropLast()) + "g", Self.uuid.replacingOccurrences(of: "-", with: "_")] {
            #expect(RecordKey.Part(text: text) == .text(text), "\(text)")
            #expect(RecordKey(text).text == text)
        }
        #expect(RecordKey(Self.uuid).text == Self.uuid)
        #expect(RecordKey(Self.uuid) == RecordKey(Self.uuid) && RecordKey(Self.uuid) != RecordKey(Self.uuid.uppercased()))
        let random = RecordKey.random()
        #expect(RecordKey(random.text) == random && random.text == random.text.lowercased())
    }

    @Test func keysOrderAsTheirTextsAndCompositeKeysPartByPart() {
        let texts = ["0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c", "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6d", "A", "p1", "p10", "p2", "zz",
                     "ffffffff-ffff-ffff-ffff-ffffffffffff", "0f8e"]
        #expect(texts.map(RecordKey.init).sorted().map(\.text) == texts.sorted())
        let composite = [
            RecordKey([.text("t2"), .int(1)]), RecordKey([.text("t1"), .int(10)]), RecordKey([.text("t1"), .int(-3)]),
            RecordKey([.text("t1"), .int(2)]),
        ]
        #expect(composite.sorted().map(\.text) == ["t1#-3", "t1#2", "t1#10", "t2#1"])
        #expect(RecordKey([.text("t1"), .text("A-2")]).text == "t1#A-2")
        #expect(Set(composite + composite).count == 4)
    }

    @Test func aKeyComesFromTheKeyFieldsValuesAndGoesBack() throws {
        let schema = try Fixtures.schema("household-budget.json")
        let budget = try schema.require("Budget")
        let key = try #require(RecordKey(values: ["tenantId": .string(Self.uuid), "sku": .string("A-1"), "title": .string("x")], of: budget))
        #expect(key.parts == [RecordKey.Part(text: Self.uuid), .text("A-1")])
        #expect(key.values(of: budget) == ["tenantId": .string(Self.uuid), "sku": .string("A-1")])
        #expect(RecordKey(values: ["tenantId": .string("t1")], of: budget) == nil, "a composite key needs every part")
        #expect(RecordKey(values: ["tenantId": .null, "sku": .string("A")], of: budget) == nil)
        // An enum or a number in a key comes back as its field's kind.
        let model = AmplifyModel(
            name: "Slot", pluralName: "Slots",
            fields: [ModelField(name: "kind", type: .enumeration("Kind"), isRequired: true), ModelField(name: "at", type: .scalar(.awsTimestamp), isRequired: true)],
            primaryKey: PrimaryKey(partitionKey: "kind", sortKeys: ["at"]))
        let slot = try #require(RecordKey(values: ["kind": .enumValue("OPEN"), "at": .int(1_764_081_000)], of: model))
        #expect(slot.values(of: model) == ["kind": .enumValue("OPEN"), "at": .int(1_764_081_000)])
        #expect(slot.text == "OPEN#1764081000")
    }

    /// Where two keys' prefixes differ, they order as the keys do (a list compares the prefixes
    /// first); a key with no prefix leaves it to `<`.
    @Test func prefixesOrderAsTheKeys() {
        let keys = [RecordKey(Self.uuid), RecordKey("0f8e4c2b"), RecordKey("0f8e4c29-zz"), RecordKey("abc"), RecordKey("ab"),
                    RecordKey("Zed"), RecordKey("a10"), RecordKey("a9"), RecordKey(UUIDBits.text(high: 0xffff_0000_0000_0000, low: 1))]
        for a in keys {
            for b in keys {
                guard let x = a.asciiPrefix, let y = b.asciiPrefix, x != y else { continue }
                #expect((x < y) == (a < b), "\(a) against \(b)")
            }
        }
        #expect(RecordKey(Self.uuid).asciiPrefix == RecordKey("0f8e4c2a").asciiPrefix, "a UUID's prefix is its text's")
        #expect(RecordKey("abcdefgé").asciiPrefix == nil && RecordKey(.int(3)).asciiPrefix == nil)
        #expect(RecordKey([.text("a"), .text("b")]).asciiPrefix == nil)
    }
}

/// A key packed as a UUID behaves exactly as its text would, at random: the same text back (from
/// a string or from an answer's bytes), the same equality, the same order; any other text is
/// kept as it came; a new key is a random lowercase version 4 UUID. (The sample's own id type
/// promised this before issue 30 made its records `ModelRecord`s.)
extension RecordKeyTests {
    @Test func aLowercaseUUIDIsPackedAndGivesItsTextBack() {
        for _ in 0..<500 {
            let text = UUID().uuidString.lowercased()
            let key = RecordKey(text)
            guard case .uuid = RecordKey.Part(text: text) else {
                Issue.record("\(text) was not packed")
                continue
            }
            #expect(key.text == text)
            #expect(key.description == text)
            #expect(text.utf8.withContiguousStorageIfAvailable { RecordKey.Part(utf8: UnsafeRawBufferPointer($0)) } == RecordKey.Part(text: text))
        }
        #expect(RecordKey("00000000-0000-0000-0000-000000000000").text == "00000000-0000-0000-0000-000000000000")
        #expect(RecordKey("ffffffff-ffff-ffff-ffff-ffffffffffff").text == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }

    /// Another server's ids (uppercase UUIDs, custom keys, anything) are other keys: kept as text,
    /// never folded into a UUID that would send a different id back.
    @Test func anyOtherTextIsKeptExactlyFromAStringOrFromBytes() {
        let upper = UUID().uuidString
        let texts = [
            upper, " " + upper.lowercased(), upper.lowercased() + "0", String(upper.lowercased().dropLast()),
            "a", "", "p000001", "8f1c2d3e_4b5a_6978_8a9b_0c1d2e3f4a5b", "8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5g", "日本-家",
        ]
        for text in texts {
            #expect(RecordKey.Part(text: text) == .text(text), "\(text.debugDescription) was packed")
            #expect(RecordKey(text).text == text)
            var copy = text
            #expect(copy.withUTF8 { RecordKey.Part(utf8: UnsafeRawBufferPointer($0)) } == .text(text))
        }
        #expect(RecordKey(upper) != RecordKey(upper.lowercased()))
    }

    @Test func keysOrderAsTheirTextsDoAtRandom() {
        var texts = (0..<300).map { _ in UUID().uuidString.lowercased() }
        texts += texts.prefix(40).map { String($0.prefix(9)) + "ffff" }  // text sharing a UUID's start
        texts += ["", "0", "a", "z", "A", "-", "~", "é", UUID().uuidString]
        for _ in 0..<20_000 {
            let a = texts.randomElement()!, b = texts.randomElement()!
            #expect((RecordKey(a) < RecordKey(b)) == (a < b), "\(a) against \(b)")
            #expect((RecordKey(a) == RecordKey(b)) == (a == b))
        }
        #expect(Set(texts.map(RecordKey.init)).count == Set(texts).count)
    }

    @Test func aNewKeyIsARandomLowercaseVersion4UUID() {
        let keys = (0..<1000).map { _ in RecordKey.random() }
        #expect(Set(keys).count == 1000)
        for key in keys {
            let text = key.text
            #expect(RecordKey(text) == key)
            #expect(text == text.lowercased())
            #expect(UUID(uuidString: text) != nil)
            #expect(Array(text)[14] == "4")
        }
    }
}

/// A UUID's text is packed only when it is exactly the lowercase shape (so its text comes back
/// byte for byte); any byte changed to another kind of byte, anywhere, leaves it text.
@Suite struct UUIDBitsTests {
    @Test func onlyTheLowercaseShapePacksAndItsTextComesBack() {
        let hex = Array("0123456789abcdef".utf8)
        let others = Array("gzAFG-_ /:`{".utf8) + [0x00, 0x80, 0xFF]
        for round in 0..<200 {
            var text = (0..<36).map { index -> UInt8 in [8, 13, 18, 23].contains(index) ? UInt8(ascii: "-") : hex[(round * 7 + index * 13) % 16] }
            let parsed = text.withUnsafeBytes { UUIDBits.parse($0) }
            #expect(parsed.map { UUIDBits.text(high: $0.high, low: $0.low) } == String(decoding: text, as: UTF8.self))
            let index = round % 36
            let original = text[index]
            text[index] = [8, 13, 18, 23].contains(index) ? hex[round % 16] : others[round % others.count]
            #expect(text.withUnsafeBytes { UUIDBits.parse($0) } == nil, "\(String(decoding: text, as: UTF8.self))")
            text[index] = original
            #expect(Array(text.dropLast()).withUnsafeBytes { UUIDBits.parse($0) } == nil)
        }
    }
}
