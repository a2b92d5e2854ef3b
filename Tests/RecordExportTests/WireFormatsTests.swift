import AmplifyModels
import Foundation
import JSONValues
@testable import RecordExport
import Testing

/// Each format writes the values as the server wrote them, for every kind of field:
/// an enum, a Float, an Int, an AWSDate, an AWSDateTime, a list, a custom type, nulls, text
/// with escapes and non-ASCII; the versioned dialect's deleted items left out.
@Suite struct WireFormatsTests {
    /// Two transactions and a tombstone, as the server answers a page in the versioned dialect
    /// (its own fields after the model's, `__typename` where a document would have asked).
    static let page = #"""
        {"items":[
        {"id":"t1","description":"Weekly shop, \"big\"\nsecond line","amount":82.5,"quantity":3,"kind":"EXPENSE","date":"2026-11-25","bookedAt":"2026-11-25T09:30:00.000Z","tags":["food","wöchentlich"],"receipt":{"merchant":"Corner Market","total":82.5,"lines":["bread","milk"],"scannedAt":null},"categoryId":"c1","createdAt":"2026-11-25T09:30:00.000Z","updatedAt":"2026-11-25T09:31:00.000Z","owner":"sub::ana","_version":2,"_deleted":null,"_lastChangedAt":1764063060000},
        {"id":"t2","description":"Gehalt € 東京","amount":2500,"quantity":null,"kind":"INCOME","date":"2026-11-01","bookedAt":null,"tags":null,"receipt":null,"categoryId":null,"createdAt":"2026-11-01T08:00:00.000Z","updatedAt":"2026-11-01T08:00:00.000Z","owner":null,"_version":1,"_deleted":false,"_lastChangedAt":1764000000000},
        {"id":"t3","description":"gone","amount":1,"quantity":null,"kind":"INCOME","date":"2026-11-02","bookedAt":null,"tags":null,"receipt":null,"categoryId":null,"createdAt":"2026-11-02T08:00:00.000Z","updatedAt":"2026-11-02T08:00:00.000Z","_version":3,"_deleted":true,"_lastChangedAt":1764000000000}
        ],"nextToken":null,"startedAt":1764063060000}
        """#

    static func columns(_ fields: String? = nil) throws -> ExportColumns {
        let (model, schema) = try Budget.model("Transaction")
        if let fields { return try ExportColumns(model: model, schema: schema, named: fields) }
        return ExportColumns(model: model, schema: schema)
    }

    /// The items of the page as the server wrote them (their model's fields), the tombstone left out.
    static func serverItems() throws -> [[String: JSONValue]] {
        guard case .array(let items)? = JSONValue(jsonText: Array(page.utf8))?["items"] else { throw Budget.FixtureError("no items") }
        return items.compactMap { item in
            guard case .object(var fields) = item, fields["_deleted"] != .bool(true) else { return nil }
            for name in ["_version", "_deleted", "_lastChangedAt"] { fields[name] = nil }
            return fields
        }
    }

    @Test func theColumnsAreTheFieldsAnAnswerHoldsInTheModelsOrder() throws {
        #expect(try Self.columns().fields.map(\.name) == [
            "id", "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId", "createdAt", "updatedAt", "owner",
        ])
    }

    @Test func ndjsonIsOneObjectALineOfTheWireValues() throws {
        let text = try written(Self.page, format: .ndjson, columns: try Self.columns())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "", "two lines, each ended: \(text)")
        let read = lines.dropLast().map { JSONValue(jsonText: Array($0.utf8))?.objectValue }
        #expect(read == (try Self.serverItems()).map { $0 })
        // As the server wrote them, byte for byte: the Float `2500` stays `2500`, the escapes stay.
        #expect(lines[1].contains(#""amount":2500,"#))
        #expect(lines[0].contains(#""description":"Weekly shop, \"big\"\nsecond line""#))
    }

    @Test func jsonIsOneArray() throws {
        let text = try written(Self.page, format: .json, columns: try Self.columns())
        guard case .array(let items)? = JSONValue(jsonText: Array(text.utf8)) else {
            Issue.record("not an array: \(text)")
            return
        }
        #expect(items.map(\.objectValue) == (try Self.serverItems()).map { $0 })
        #expect(try written(#"{"items":[],"nextToken":null}"#, format: .json, columns: try Self.columns()) == "[]\n")
    }

    @Test func csvHasAHeaderAndAColumnAFieldListsAndObjectsAsJSON() throws {
        let text = try written(Self.page, format: .csv, columns: try Self.columns())
        let rows = text.components(separatedBy: "\r\n")
        #expect(rows[0] == "id,description,amount,quantity,kind,date,bookedAt,tags,receipt,categoryId,createdAt,updatedAt,owner")
        #expect(rows[1] == #"t1,"Weekly shop, ""big"""# + "\n" + #"second line",82.5,3,EXPENSE,2026-11-25,2026-11-25T09:30:00.000Z,"[""food"",""wöchentlich""]","{""merchant"":""Corner Market"",""total"":82.5,""lines"":[""bread"",""milk""],""scannedAt"":null}",c1,2026-11-25T09:30:00.000Z,2026-11-25T09:31:00.000Z,sub::ana"#)
        // Nulls are empty fields; non-ASCII text is UTF-8 as it is.
        #expect(rows[2] == "t2,Gehalt € 東京,2500,,INCOME,2026-11-01,,,,,2026-11-01T08:00:00.000Z,2026-11-01T08:00:00.000Z,")
        #expect(rows.count == 4 && rows[3] == "")
    }

    @Test func fieldsPicksAndOrdersTheColumns() throws {
        let columns = try Self.columns("kind, id,amount")
        #expect(try written(Self.page, format: .csv, columns: columns) == "kind,id,amount\r\nEXPENSE,t1,82.5\r\nINCOME,t2,2500\r\n")
        #expect(try written(Self.page, format: .ndjson, columns: columns)
            == #"{"kind":"EXPENSE","id":"t1","amount":82.5}"# + "\n" + #"{"kind":"INCOME","id":"t2","amount":2500}"# + "\n")
    }

    @Test(arguments: [
        ("nope", "Transaction has no field `nope`"),
        ("category", "`category` is a relation to Category"),
        ("id,id", "`id` is named twice"),
        ("id,,amount", "an empty name"),
    ])
    func fieldsNamesOnlyReadableFields(list: String, said: String) throws {
        let (model, schema) = try Budget.model("Transaction")
        #expect {
            try ExportColumns(model: model, schema: schema, named: list)
        } throws: { error in
            "\(error)".contains(said) && (list == "id,id" || list == "id,,amount" || "\(error)".contains("the fields are id, description"))
        }
    }

    @Test func aValueIndentedOverLinesStaysOnOneLine() throws {
        let page = "{\"items\":[{\"id\":\"x\",\"tags\":[\n  \"a\",\n  \"b\"\r\n]}],\"nextToken\":null}"
        let text = try written(page, format: .ndjson, columns: try Self.columns("id,tags"))
        #expect(text == "{\"id\":\"x\",\"tags\":[   \"a\",   \"b\"  ]}\n")
    }
}

extension JSONValue {
    var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }
}
