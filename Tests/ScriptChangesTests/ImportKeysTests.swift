import AmplifyModels
import Foundation
import ScriptChanges
import Testing

@Suite struct ImportKeysTests {
    let layout = Fixture.layout("Category")

    @Test func theSameRowsGetTheSameKeysInEveryRun() {
        let rows: [[String: ModelValue]] = [["name": .string("Food")], ["name": .string("Rent")], ["name": .string("Food")]]
        var first = ImportKeys(model: "Category"), second = ImportKeys(model: "Category")
        let keys = rows.map { first.key(for: $0, layout: layout) }
        #expect(keys == rows.map { second.key(for: $0, layout: layout) })
        // Two identical rows are two records.
        #expect(Set(keys).count == 3)
    }

    @Test func aRowsKeyDoesNotMoveWhenAnotherRowIsAddedAboveIt() {
        var before = ImportKeys(model: "Category"), after = ImportKeys(model: "Category")
        let rent: [String: ModelValue] = ["name": .string("Rent")]
        let keyBefore = before.key(for: rent, layout: layout)
        _ = after.key(for: ["name": .string("New")], layout: layout)
        #expect(after.key(for: rent, layout: layout) == keyBefore)
        // A null is a field left out.
        var third = ImportKeys(model: "Category")
        #expect(third.key(for: ["name": .string("Rent"), "kind": .null], layout: layout) == keyBefore)
    }

    @Test func keysAreVersion5UUIDs() {
        var keys = ImportKeys(model: "Category")
        let text = keys.key(for: ["name": .string("Food")], layout: layout).text
        let uuid = UUID(uuidString: text)
        #expect(uuid != nil && text == text.lowercased())
        #expect(Array(text)[14] == "5")  // the version
        #expect("89ab".contains(Array(text)[19]))  // the variant
        // Another model, another key.
        var other = ImportKeys(model: "Transaction")
        #expect(other.key(for: ["name": .string("Food")], layout: layout).text != text)
    }

    @Test func rfc9562sExampleV5() {
        // RFC 9562, appendix A.4: the DNS namespace and "www.example.com".
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(ImportKeys.uuidV5(namespace: dns, name: "www.example.com").uuidString.lowercased() == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    }
}
