import GraphQL
import Testing
@testable import LocalAppSync

/// The operators that the HTTP tests do not reach, evaluated directly.
@Suite struct RecordFilterTests {
    let record: Map = ["id": "b", "name": "Ünïcode", "address": .null, "_version": 3, "_deleted": true]

    @Test func comparisonsFollowDynamoDB() {
        #expect(RecordFilter.matches(["_version": ["between": [2, 3]]], fields: record))
        #expect(!RecordFilter.matches(["_version": ["gt": 3]], fields: record))
        #expect(RecordFilter.matches(["_version": ["ge": 3, "le": 3]], fields: record))
        #expect(RecordFilter.matches(["name": ["size": ["eq": 9]]], fields: record), "size counts UTF-8 bytes")
        #expect(RecordFilter.matches(["name": ["attributeType": "string"]], fields: record))
        #expect(RecordFilter.matches(["address": ["attributeType": "_null"]], fields: record))
        #expect(RecordFilter.matches(["address": ["ne": "x"], "name": ["notContains": "z"]], fields: record))
        #expect(!RecordFilter.matches(["address": ["eq": "x"]], fields: record))
        #expect(RecordFilter.matches(["id": ["in": ["a", "b"]], "name": ["notIn": ["x"]]], fields: record))
        #expect(!RecordFilter.matches(["id": ["in": ["a"]]], fields: record))
        #expect(RecordFilter.matches(["_deleted": ["eq": true]], fields: record))
        #expect(RecordFilter.matches(.null, fields: record))
        #expect(RecordFilter.matches(["or": [["id": ["eq": "x"]], ["not": ["id": ["eq": "x"]]]]], fields: record))
        #expect(!RecordFilter.matches(["and": [["id": ["eq": "b"]], ["id": ["eq": "c"]]]], fields: record))
    }

    @Test func stringsCompareByUTF8Bytes() {
        // "Z" (0x5A) sorts before "a" (0x61), and "é" (0xC3 0xA9) after both.
        #expect(RecordFilter.matches(["name": ["gt": "Z"]], fields: ["name": "a"]))
        #expect(RecordFilter.matches(["name": ["gt": "z"]], fields: ["name": "é"]))
        #expect(RecordFilter.matches(["name": ["beginsWith": "Ün"]], fields: record))
    }

    @Test func containsFindsARunOfBytesNotOfCharacters() {
        // `e` + U+0301 is one Character, so Swift's `contains` finds neither `cafe` in it nor
        // tells it from `é` as one scalar; DynamoDB compares the bytes.
        #expect(RecordFilter.matches(["name": ["contains": "cafe"]], fields: ["name": "cafe\u{301}"]))
        #expect(!RecordFilter.matches(["name": ["contains": "caf\u{E9}"]], fields: ["name": "cafe\u{301}"]))
        #expect(RecordFilter.matches(["name": ["notContains": "caf\u{E9}"]], fields: ["name": "cafe\u{301}"]))
    }
}
