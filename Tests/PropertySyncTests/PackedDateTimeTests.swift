import AmplifyModels
import AppSync
import Foundation
@testable import PropertySync
import Testing

/// `RealEstateProperty` keeps its timestamps packed; every text reads back exactly as it came.
@Suite struct PackedDateTimeTests {
    @Test func theServersShapePacksAndReadsBackTheSame() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int64.random(in: 0..<253_402_300_800_000, using: &random)  // up to 9999-12-31
            let date = Date(timeIntervalSince1970: Double(millis / 1000))
            let text = Date.ISO8601FormatStyle().format(date).dropLast()
                + String(format: ".%03dZ", Int(millis % 1000))
            let packed = try #require(PackedDateTime(String(text)))
            #expect(packed.text == String(text))
            let property = RealEstateProperty(id: "a", name: "b", createdAt: String(text), updatedAt: String(text))
            #expect(property.createdAt == String(text))
            #expect(property.updatedAt == String(text))
            #expect(property.unusualTimes == nil)
            // What the plain dialect orders copies by, read from the packed form without a string.
            #expect(packed.milliseconds == millis / 1000 * 1000 + millis % 1000)
            #expect(packed.milliseconds == AWSDateTimeMilliseconds.parse(String(text)))
        }
    }

    /// A record read from an answer's bytes is the record made from the same texts: packed where
    /// they pack, kept as text where they do not.
    @Test func aRecordReadFromBytesIsTheRecordMadeFromItsTexts() throws {
        for createdAt in ["2024-03-14T09:26:53.123Z", "2024-03-14T10:26:53.123+01:00"] {
            let json = #"{"id":"p1","name":"Villa","address":null,"createdAt":"\#(createdAt)","updatedAt":"2024-03-14T09:26:53.124Z","_version":3,"_deleted":null,"_lastChangedAt":7,"unknown":[1]}"#
            let wire = try JSONReader.read(Array(json.utf8)) { reader throws(JSONReadError) in try WireRecord(json: &reader) }
            let expected = RealEstateProperty(
                id: "p1", name: "Villa", createdAt: createdAt, updatedAt: "2024-03-14T09:26:53.124Z", version: 3, lastChangedAt: 7)
            #expect(try wire.versionedRecord() == expected)
            #expect(wire.plainRecord?.version == 1_710_408_413_124)
        }
    }

    @Test func packedTimesOrderAsTheirTexts() {
        let texts = ["2024-03-14T09:26:53.123Z", "2024-03-14T09:26:53.124Z", "2024-03-14T09:27:00.000Z",
                     "2024-12-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", "0999-01-01T00:00:00.000Z"]
        let packed = texts.compactMap(PackedDateTime.init)
        #expect(packed.count == texts.count)
        #expect(packed.sorted { $0.bits < $1.bits }.map(\.text) == texts.sorted().map(Optional.some))
    }

    /// Other shapes are kept as text, byte for byte, and compare by their text.
    @Test func otherShapesAreKeptAsTheyCame() throws {
        let unusual = ["2024-03-14T09:26:53Z", "2024-03-14T09:26:53.123456Z", "2024-03-14T10:26:53.123+01:00",
                       "2024-13-14T09:26:53.123Z", "2024-03-14T24:26:53.123Z", "2024-03-14", "", "é2024-03-14T09:26:53.123Z"]
        for text in unusual {
            #expect(PackedDateTime(text) == nil, "\(text)")
            var property = RealEstateProperty(id: "a", name: "b", createdAt: text, updatedAt: "2024-03-14T09:26:53.123Z")
            #expect(property.createdAt == text)
            #expect(property.updatedAt == "2024-03-14T09:26:53.123Z")
            #expect(property == RealEstateProperty(id: "a", name: "b", createdAt: text, updatedAt: "2024-03-14T09:26:53.123Z"))
            property.createdAt = "2024-03-14T09:26:53.123Z"
            #expect(property.unusualTimes == nil)  // back to packed: equal to a record made packed
            #expect(property == RealEstateProperty(
                id: "a", name: "b", createdAt: "2024-03-14T09:26:53.123Z", updatedAt: "2024-03-14T09:26:53.123Z"))
        }
    }

    /// JSON in and out is what it was when the times were strings.
    @Test func codableRoundTripsTheServersText() throws {
        let json = #"{"id":"x","name":"Loft","address":null,"createdAt":"2024-03-14T10:26:53.123+01:00","#
            + #""updatedAt":"2024-03-14T09:26:53.123Z","_version":3,"_deleted":null,"_lastChangedAt":1710408413123}"#
        let property = try JSONDecoder().decode(RealEstateProperty.self, from: Data(json.utf8))
        #expect(property.createdAt == "2024-03-14T10:26:53.123+01:00")
        #expect(property.updatedAt == "2024-03-14T09:26:53.123Z")
        let again = try JSONDecoder().decode(RealEstateProperty.self, from: JSONEncoder().encode(property))
        #expect(again == property)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(property)) as? [String: Any]
        #expect(encoded?["updatedAt"] as? String == "2024-03-14T09:26:53.123Z")
        #expect(encoded?["address"] == nil)
    }
}
