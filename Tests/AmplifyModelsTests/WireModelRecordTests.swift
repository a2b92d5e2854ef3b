import AmplifyModels
import AppSync
import Testing

/// Records read straight from answers' bytes: every field type, both dialects, events that
/// lack fields, pages, and bad items named by model, field and what was found.
@Suite struct WireModelRecordTests {
    static let schema = ModelRecordTests.schema
    static let budgets = ModelRecordTests.budgets
    static let transactions = ModelRecordTests.transactions

    /// A `Budget` with every scalar, as the versioned server answers it.
    static let budgetJSON = """
        {"tenantId":"0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c","sku":"A-\\u00e9","title":"Food \\"weekly\\"","limit":250,"period":"MONTHLY",
         "startsOn":"2026-11-01","reviewAt":"09:30:15.250","contactEmail":"me@example.com","website":"https://example.com/x",
         "phone":"+1 206 555 0100","allowedFrom":"2001:db8::1/64","settings":"{\\"alert\\":true,\\"n\\":[1,2.5]}",
         "lastRunAt":1764081000,"months":[1,2,3],"createdAt":"2026-11-25T10:00:00.000Z","updatedAt":"2026-11-25T11:00:00+01:00",
         "_version":4,"_deleted":null,"_lastChangedAt":1764064800000,"__typename":"Budget"}
        """

    static func read(_ json: String, _ layout: RecordLayout) throws -> WireModelRecord {
        try JSONReader.read(Array(json.utf8)) { reader throws(JSONReadError) in try WireModelRecord(json: &reader, layout: layout) }
    }

    @Test func everyFieldTypeIsReadAsItsValue() throws {
        let record = try Self.read(Self.budgetJSON, Self.budgets).versionedRecord()
        #expect(record.id == RecordKey([RecordKey.Part(text: "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c"), .text("A-é")]))
        let expected: [String: ModelValue] = [
            "tenantId": .string("0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c"), "sku": .string("A-é"), "title": .string("Food \"weekly\""),
            "limit": .float(250), "period": .enumValue("MONTHLY"), "startsOn": .string("2026-11-01"), "reviewAt": .string("09:30:15.250"),
            "contactEmail": .string("me@example.com"), "website": .string("https://example.com/x"), "phone": .string("+1 206 555 0100"),
            "allowedFrom": .string("2001:db8::1/64"), "settings": .json(["alert": true, "n": [1, .double(2.5)]]),
            "lastRunAt": .int(1_764_081_000), "months": .list([.int(1), .int(2), .int(3)]),
            "createdAt": .string("2026-11-25T10:00:00.000Z"), "updatedAt": .string("2026-11-25T11:00:00+01:00"), "owner": .null,
        ]
        #expect(record.valuesByName == expected)
        #expect(record.owner == nil && Self.budgets.model.ownerField == "owner")
        #expect(record.version == 4 && !record.isDeleted && record.lastChangedAt == 1_764_064_800_000)
        // The same record made from its values is the one read.
        let made = ModelRecord(layout: Self.budgets, key: record.id, values: expected, version: 4, lastChangedAt: 1_764_064_800_000)
        #expect(made == record && made.hashValue == record.hashValue)
    }

    /// Keys are matched by their bytes, the next field in order tried first: members in another
    /// order, a key written with escapes, members the layout does not know and a prefix of a
    /// field's name must all read as the answer in order does.
    @Test func membersInAnyOrderEscapedOrUnknownReadTheSame() throws {
        let inOrder = try Self.read(Self.budgetJSON, Self.budgets).versionedRecord()
        let members = try JSONReader.read(Array(Self.budgetJSON.utf8)) { reader throws(JSONReadError) in
            var members: [(String, String)] = []
            try reader.readObject { reader, key throws(JSONReadError) in
                members.append((key.description, String(decoding: try reader.readRawValue(), as: UTF8.self)))
            }
            return members
        }
        let escaped = ["title": #"ti\u0074le"#, "_version": #"_versio\u006e"#]
        let shuffled = members.reversed().map { name, value in "\"\(escaped[name] ?? name)\":\(value)" }
            + [#""titl":"not a field""#, #""_versions":9"#, #""limits":{"a":[1]}"#]
        let read = try Self.read("{" + shuffled.joined(separator: ",") + "}", Self.budgets).versionedRecord()
        #expect(read == inOrder && read.version == 4 && read["title"] == .string("Food \"weekly\""))
    }

    @Test func aCustomTypeAListWithNullsAndAnAbsentOptionalField() throws {
        let json = """
            {"id":"t1","description":"Bread","amount":2.5,"quantity":null,"kind":"EXPENSE","date":"2026-11-25","tags":["a",null],
             "receipt":{"merchant":"Bakery","total":2,"lines":["bread"]},"createdAt":"2026-11-25T10:00:00.000Z","updatedAt":"2026-11-25T10:00:00.000Z"}
            """
        let wire = try Self.read(json, Self.transactions)
        let record = try wire.plainRecord()
        #expect(record["receipt"] == .json(["merchant": "Bakery", "total": .double(2), "lines": ["bread"]]))
        #expect(record["tags"] == .list([.string("a"), .null]) && record["quantity"] == .null && record["bookedAt"] == .null)
        #expect(wire.absentOrNullFields == ["quantity", "bookedAt", "categoryId", "owner"])
        #expect(!wire.lacksRequiredValue)
    }

    @Test func thePlainDialectsVersionIsUpdatedAtInMilliseconds() throws {
        let json = #"{"id":"t1","description":"B","amount":1,"kind":"INCOME","date":"2026-11-25","updatedAt":"2026-11-25T10:00:01.250Z"}"#
        let record = try Self.read(json, Self.transactions).plainRecord()
        #expect(record.version == 1_795_600_801_250 && record.lastChangedAt == 1_795_600_801_250 && !record.hasServerVersion)
        let offset = #"{"id":"t1","updatedAt":"2026-11-25T11:00:01.250+01:00"}"#
        #expect(try Self.read(offset, Self.transactions).plainRecord().version == 1_795_600_801_250)
        #expect(throws: JSONReadError.missing("updatedAt", at: 0)) { try Self.read(#"{"id":"t1","amount":1}"#, Self.transactions).plainRecord() }
        #expect(throws: JSONReadError.missing("_version", at: 0)) { try Self.read(json, Self.transactions).versionedRecord() }
        #expect(throws: JSONReadError.missing("sku", at: 0)) { try Self.read(#"{"tenantId":"t","_version":1}"#, Self.budgets).versionedRecord() }
    }

    @Test func aValueOfTheWrongKindNamesTheModelTheFieldAndWhatWasFound() throws {
        let page = #"{"items":[{"id":"t1","amount":1,"updatedAt":"2026-11-25T10:00:01.250Z"},{"id":"t2","amount":"lots"}],"nextToken":null}"#
        let sync = try ModelRecordSync(model: Self.transactions.model, schema: Self.schema, dialect: .plain)
        do {
            _ = try JSONReader.read(Array(page.utf8)) { reader throws(JSONReadError) in try sync.readPage(&reader) }
            Issue.record("a bad item was read")
        } catch {
            #expect(error.kind == .shape)
            #expect(error.description == #"items[1].amount: Transaction.amount: Expected a number, like 12.5. Found the string "lots"."#)
        }
        let cases: [(String, String)] = [
            (#"{"id":"t","quantity":2.5}"#, "Transaction.quantity: Expected a whole number from -2147483648 to 2147483647, like 42. Found a number."),
            (#"{"id":"t","kind":"SOMETIMES"}"#, #"Transaction.kind: Expected one of INCOME, EXPENSE. Found the string "SOMETIMES"."#),
            (#"{"id":"t","tags":"a"}"#, #"Transaction.tags: Expected a list of text, like ["a", "b"]. Found the string "a"."#),
            (#"{"id":{"a":1}}"#, "Transaction.id: Expected an identifier. Found an object."),
            (#"{"id":"t","receipt":{"shop":"x"}}"#, "Transaction.receipt: Expected no field shop: Receipt has merchant, total, lines, scannedAt. Found an object."),
        ]
        for (json, message) in cases {
            let error = #expect(throws: JSONReadError.self) { try Self.read(json, Self.transactions) }
            #expect(error?.description.hasSuffix(message) == true, "\(String(describing: error))")
        }
        // Not JSON at all is a syntax error, never a crash.
        #expect(throws: JSONReadError.self) { try Self.read(#"{"id":"t","amount":1"#, Self.transactions) }
    }

    @Test func aPageHoldsItsRecordsTokenAndStartedAt() throws {
        let page = """
            {"items":[\(Self.budgetJSON),null,\(Self.budgetJSON.replacingOccurrences(of: "\"sku\":\"A-\\u00e9\"", with: "\"sku\":\"B\""))],
             "nextToken":"abc","startedAt":1764064800000}
            """
        let sync = try ModelRecordSync(model: Self.budgets.model, schema: Self.schema, dialect: .versioned)
        let read = try JSONReader.read(Array(page.utf8)) { reader throws(JSONReadError) in try sync.readPage(&reader) }
        #expect(read.records.map(\.id.text) == ["0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c#A-é", "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c#B"])
        #expect(read.nextToken == "abc" && read.startedAt == 1_764_064_800_000)
        #expect(throws: JSONReadError.missing("items", at: 0)) {
            try JSONReader.read(Array(#"{"nextToken":null}"#.utf8)) { reader throws(JSONReadError) in try sync.readPage(&reader) }
        }
    }

    @Test func anEventThatLacksValuesIsPartialAndADeleteIsATombstone() throws {
        let plain = try ModelRecordSync(model: Self.transactions.model, schema: Self.schema, dialect: .plain)
        let whole = #"{"id":"t1","description":"Bread","amount":2.5,"quantity":3,"kind":"EXPENSE","date":"2026-11-25","updatedAt":"2026-11-25T10:00:01.250Z"}"#
        func event(_ record: String) -> JSONText { JSONText(Array(#"{"onUpdateTransaction":\#(record)}"#.utf8)) }
        guard case .record(let known) = plain.readEvent(event(whole), deletion: false, known: nil) else {
            Issue.record("a whole event is not a record")
            return
        }
        #expect(known["quantity"] == .int(3) && known.version == 1_795_600_801_250)
        // Only what the other client's mutation selected: the rest null, a required field too.
        let partial = #"{"id":"t1","description":"Rolls","amount":null,"quantity":null,"kind":null,"date":null,"updatedAt":"2026-11-25T10:00:02.000Z"}"#
        #expect(plain.readEvent(event(partial), deletion: false, known: known) == .partial(id: RecordKey("t1")))
        // A null where the known copy has a value may be a clear or a field not selected: read again.
        let cleared = whole.replacingOccurrences(of: #""quantity":3"#, with: #""quantity":null"#)
        #expect(plain.readEvent(event(cleared), deletion: false, known: known) == .partial(id: RecordKey("t1")))
        guard case .record(let first) = plain.readEvent(event(cleared), deletion: false, known: nil) else {
            Issue.record("with nothing known, a whole event is a record")
            return
        }
        #expect(first["quantity"] == .null)
        // A delete (plain dialect: no tombstones on the server) is one step after the last write.
        guard case .record(let gone) = plain.readEvent(event(#"{"id":"t1"}"#), deletion: true, known: known) else {
            Issue.record("a delete of a known record is its tombstone")
            return
        }
        #expect(gone.isDeleted && gone.version == known.version + 1 && gone["description"] == .string("Bread"))
        // The item deleted, as its event carries it, is older than the copy known: that copy is
        // the record made again after the delete (the events crossed), and it stays newer.
        let older = whole.replacingOccurrences(of: "10:00:01.250Z", with: "10:00:00.500Z")
        guard case .record(let late) = plain.readEvent(event(older), deletion: true, known: known) else {
            Issue.record("a whole deletion is a deletion")
            return
        }
        #expect(late.isDeleted && late.version == 1_795_600_800_501 && late.version < known.version)
        #expect(plain.readEvent(event(#"{"id":"t9"}"#), deletion: true, known: nil) == .notHeld)
        #expect(plain.readEvent(event(#"{"description":"x"}"#), deletion: false, known: nil) == .unreadable)
        #expect(plain.readEvent(JSONText(Array(#"{"onUpdateTransaction":null}"#.utf8)), deletion: false, known: nil) == .unreadable)
        #expect(plain.readEvent(JSONText(Array("[1".utf8)), deletion: false, known: nil) == .unreadable)

        let versioned = try ModelRecordSync(model: Self.transactions.model, schema: Self.schema, dialect: .versioned)
        let deleted = whole.replacingOccurrences(of: "}", with: #","_version":5,"_deleted":true,"_lastChangedAt":1}"#)
        guard case .record(let tombstone) = versioned.readEvent(event(deleted), deletion: true, known: nil) else {
            Issue.record("a versioned delete event is its tombstone")
            return
        }
        #expect(tombstone.isDeleted && tombstone.version == 5)
        #expect(versioned.readEvent(event(whole), deletion: false, known: nil) == .partial(id: RecordKey("t1")), "no _version: read it")
    }
}

/// The reader copies texts and times from the answer's bytes into the record's (no `String` in
/// between): what it reads must be what the value tree and the field's codec make of the same
/// answer, for any text (escaped, non-ASCII, a UUID in either case) and any time (packed or of
/// another shape, a day or an hour that does not exist), and the plain dialect's version from a
/// packed time must be the text's milliseconds.
@Suite struct WireModelRecordCopiedTextTests {
    static let layout = WireModelRecordTests.transactions

    static let texts = [
        "", "plain", "Food \\\"weekly\\\"", "tab\\tand\\\\slash", "caf\\u00e9", "café ☕️", "e\\u0301", "👩‍👩‍👧", "\\ud83d\\ude00",
        "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c", "0F8E4C2A-9B1D-4E7F-A3C5-1D2E3F4A5B6C", "0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6",
        "2026-11-25T10:00:00.000Z", "x".padding(toLength: 40, withPad: "yz", startingAt: 0),
    ]
    static let times = [
        "2026-11-25T10:00:00.000Z", "2024-02-29T23:59:59.999Z", "2023-02-29T10:00:00.000Z", "2026-13-01T10:00:00.000Z",
        "2026-04-31T10:00:00.000Z", "2026-11-25T24:00:00.000Z", "2026-11-25T10:60:00.000Z", "2026-11-25T10:00:60.000Z",
        "2026-11-25T10:00:00Z", "2026-11-25T11:00:01.250+01:00", "2026-11-25T10:00:00.000z", "0000-01-01T00:00:00.000Z",
        "1969-12-31T23:59:59.999Z", "2026-11-25 10:00:00.000Z", "not a time", "2026-11-25T10:00:00.0000Z",
    ]

    /// What the value tree makes of a member: `ModelValue` by the field's answer codec, or nil when it refuses it.
    static func treeValue(_ jsonText: String, field: String) -> ModelValue? {
        guard let json = try? JSONReader.read(Array(jsonText.utf8), { reader throws(JSONReadError) in try reader.readValue() }) else { return nil }
        if json == .null { return .null }
        return try? layout.codecs[layout.index(of: field)!].value(answered: json)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func copiedValuesEqualTheTreesAndTheirVersions(seed: UInt64) throws {
        var random = SeededDraws(state: seed)
        for _ in 0..<400 {
            let description = "\"" + random.pick(Self.texts) + "\""
            let categoryId = random.next(2) == 0 ? "null" : "\"" + random.pick(Self.texts) + "\""
            let bookedAt = "\"" + random.pick(Self.times) + "\""
            let updatedAt = "\"" + random.pick(Self.times) + "\""
            let json = #"{"id":"t1","description":\#(description),"categoryId":\#(categoryId),"bookedAt":\#(bookedAt),"updatedAt":\#(updatedAt)}"#
            let tree = ["description": description, "categoryId": categoryId, "bookedAt": bookedAt, "updatedAt": updatedAt]
            var treeValues: [String: ModelValue] = [:]
            var refused = false
            for (field, text) in tree {
                guard let value = Self.treeValue(text, field: field) else { refused = true; break }
                treeValues[field] = value
            }
            guard !refused else {
                #expect(throws: JSONReadError.self, "\(json)") { try WireModelRecordTests.read(json, Self.layout) }
                continue
            }
            let wire = try WireModelRecordTests.read(json, Self.layout)
            for (field, value) in treeValues {
                #expect(wire.values[Self.layout.index(of: field)!] == value, "\(field) of \(json)")
            }
            let updated: String? = if case .string(let text)? = treeValues["updatedAt"] { text } else { nil }
            #expect(wire.stamp == updated.flatMap(AWSDateTimeMilliseconds.parse), "\(json)")
            // The record's bytes are those the values make: equal, and equally hashed.
            let record = wire.record(key: RecordKey("t1"), version: 1, isDeleted: false, lastChangedAt: nil)
            var all = treeValues
            for field in Self.layout.fields where all[field.name] == nil && field.name != "id" { all[field.name] = .null }
            let made = ModelRecord(layout: Self.layout, key: RecordKey("t1"), values: all, version: 1, lastChangedAt: nil)
            #expect(record == made && record.hashValue == made.hashValue, "\(json)")
        }
    }
}
