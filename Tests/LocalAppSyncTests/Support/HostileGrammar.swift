import Foundation
import GraphQL
@testable import LocalAppSync

/// Random GraphQL requests from a small grammar of what the server must survive: valid and
/// invalid documents (fields of both dialects and made-up ones, aliases, arguments with nested
/// literals, fragments that spread each other, inline fragments, directives, variables, deep
/// selections, stray or missing brackets) and variables of any JSON shape and nesting, up to
/// past the server's limits. The same seed gives the same requests, so a failure replays.
struct HostileGrammar {
    private var generator: SeedRandom

    init(seed: UInt64) { generator = SeedRandom(base: seed, 0) }

    mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(1, bound))) }

    private mutating func chance(_ percent: Int) -> Bool { random(100) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[random(values.count)] }

    static let rootFields = [
        "listRealEstateProperties", "syncRealEstateProperties", "getRealEstateProperty", "createRealEstateProperty",
        "updateRealEstateProperty", "deleteRealEstateProperty", "__schema", "__type", "__typename", "nope",
    ]
    static let innerFields = [
        "items", "nextToken", "startedAt", "id", "name", "address", "createdAt", "updatedAt", "_version", "_deleted",
        "_lastChangedAt", "__typename", "types", "fields", "type", "ofType", "kind", "inputFields", "missing",
    ]
    static let argumentNames = ["id", "limit", "nextToken", "filter", "input", "condition", "lastSync", "name", "if"]
    static let strings = ["", "x", "Villa", "a\u{1B}[31mred", "tab\there", "\u{202E}bidi", "東京", "😀", "\\", "\"q\""]

    /// A JSON body: half of them shaped like the app's own requests (so they reach execution),
    /// half from the looser grammar below.
    mutating func body() -> String {
        chance(50) ? appShapedBody() : looseBody()
    }

    static let recordFields = ["id", "name", "address", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt", "__typename"]

    /// A list, sync, get or mutation as the app sends them, with hostile values in its arguments
    /// and variables: filters nested deep, fractions for `Int`, control characters, forged tokens,
    /// many aliases per record.
    private mutating func appShapedBody() -> String {
        var fields = ""
        for _ in 0..<(1 + random(chance(10) ? 60 : 6)) {
            fields += (chance(30) ? "a\(random(10_000)): " : "") + pick(Self.recordFields) + " "
        }
        let query: String
        var variables: [String: Any] = [:]
        switch random(5) {
        case 0, 1:
            let root = pick(["listRealEstateProperties", "syncRealEstateProperties"])
            query = "query ($f: ModelRealEstatePropertyFilterInput, $limit: Int, $token: String) { "
                + (0..<(1 + random(3))).map { "r\($0): \(root)(filter: $f, limit: $limit, nextToken: $token) { items { \(fields)} nextToken } " }.joined()
                + "}"
            variables["f"] = filter(depth: 0, maxDepth: chance(10) ? 100 + random(60) : random(8))
            variables["limit"] = pick([1, 100, 1000, 1001, 0, -1, 2.5, 1e9] as [Any])
            if chance(30) { variables["token"] = pick(["garbage", "eyJhZnRlcklEIjoiMCIsInF1ZXJ5IjoibGlzdCJ9", ""]) }
        case 2:
            query = "query ($id: ID!) { getRealEstateProperty(id: $id) { \(fields)} }"
            variables["id"] = pick(["x", "", String(repeating: "i", count: 300)] as [Any])
        default:
            let mutation = pick(["createRealEstateProperty", "updateRealEstateProperty", "deleteRealEstateProperty"])
            let input = pick(["CreateRealEstatePropertyInput!", "UpdateRealEstatePropertyInput!", "DeleteRealEstatePropertyInput!"])
            query = "mutation ($input: \(input), $c: ModelRealEstatePropertyConditionInput) { \(mutation)(input: $input, condition: $c) { \(fields)} }"
            variables["input"] = ["id": pick(["p1", "", "x"]), "name": pick(Self.strings), "address": pick(Self.strings + [NSNull()] as [Any]),
                                  "_version": pick([1, 2.5, -3] as [Any])]
            if chance(40) { variables["c"] = filter(depth: 0, maxDepth: random(6)) }
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A filter or condition: `and`/`or`/`not` around comparisons.
    private mutating func filter(depth: Int, maxDepth: Int) -> Any {
        if depth < maxDepth {
            switch random(3) {
            case 0: return ["and": [filter(depth: depth + 1, maxDepth: maxDepth)]]
            case 1: return ["or": [filter(depth: depth + 1, maxDepth: maxDepth), ["name": ["eq": "x"]]]]
            default: return ["not": filter(depth: depth + 1, maxDepth: maxDepth)]
            }
        }
        let field = pick(["name", "address", "id", "createdAt"])
        let comparison = pick(["eq", "ne", "contains", "beginsWith", "gt", "between", "attributeExists", "size"])
        let value: Any = pick([pick(Self.strings), ["a", "z"], true, 2.5, ["gt": 1]] as [Any])
        return [field: [comparison: value]]
    }

    private mutating func looseBody() -> String {
        var fragments: [String] = []
        let fragmentCount = chance(30) ? 1 + random(6) : 0
        var document = ""
        let kind = pick(["query", "query", "query", "mutation", "subscription", ""])
        let variableName = pick(["f", "v", "limit"])
        let variableType = pick(["ModelRealEstatePropertyFilterInput", "Int", "String", "[Int]", "CreateRealEstatePropertyInput!", "Nope"])
        if !kind.isEmpty {
            document += kind + (chance(50) ? " Op" : "") + (chance(50) ? "($\(variableName): \(variableType))" : "") + " "
        }
        document += selectionSet(depth: 0, maxDepth: 1 + random(chance(10) ? 200 : 8), fragmentCount: fragmentCount, root: true)
        for index in 0..<fragmentCount {
            let on = pick(["Query", "RealEstateProperty", "ModelRealEstatePropertyConnection", "Mutation", "Nope"])
            var body = "{ "
            for _ in 0..<(1 + random(3)) {
                body += chance(50) ? "...F\(random(fragmentCount)) " : pick(Self.innerFields + ["__typename"]) + " "
            }
            fragments.append("fragment F\(index) on \(on) \(body)}")
        }
        document += " " + fragments.joined(separator: " ")
        if chance(8) { document = mangle(document) }
        var fields: [String: Any] = ["query": document]
        if chance(60) { fields["variables"] = [variableName: jsonValue(depth: 0, maxDepth: chance(15) ? 100 + random(60) : random(6))] }
        if chance(10) { fields["operationName"] = pick(["Op", "Other"]) }
        if chance(3) { fields["variables"] = pick(["not an object", 7] as [Any]) }
        let data = (try? JSONSerialization.data(withJSONObject: fields)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func selectionSet(depth: Int, maxDepth: Int, fragmentCount: Int, root: Bool = false) -> String {
        var text = "{ "
        // Wide near the root, one field per level below: a deep selection is a chain, never a
        // tree whose size doubles per level (that would be the generator's blow-up, not the server's).
        for _ in 0..<(depth < 3 ? 1 + random(root ? 3 : 4) : 1) {
            if fragmentCount > 0, chance(20) {
                text += "...F\(random(fragmentCount)) "
                continue
            }
            if chance(5) {
                text += "... on \(pick(["RealEstateProperty", "Query", "Nope"])) { __typename } "
                continue
            }
            let name = root ? pick(Self.rootFields) : pick(Self.innerFields)
            let alias = chance(20) ? "a\(random(1000)): " : ""
            text += alias + name
            if chance(root ? 60 : 15) { text += arguments() }
            if chance(5) { text += " @include(if: \(pick(["true", "false", "$v", "1"])))" }
            if depth < maxDepth, chance(root || depth < maxDepth - 1 ? 80 : 30) {
                text += " " + selectionSet(depth: depth + 1, maxDepth: maxDepth, fragmentCount: fragmentCount)
            }
            text += " "
        }
        return text + "}"
    }

    private mutating func arguments() -> String {
        let count = 1 + random(3)
        let parts = (0..<count).map { _ in "\(pick(Self.argumentNames)): \(literal(depth: 0, maxDepth: chance(5) ? 150 : 4))" }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// A GraphQL value literal, nested up to `maxDepth`.
    private mutating func literal(depth: Int, maxDepth: Int) -> String {
        if depth < maxDepth, chance(depth < 3 ? 40 : 70) {
            let width = depth < 3 ? random(3) : 1
            if chance(50) { return "[" + (0..<width).map { _ in literal(depth: depth + 1, maxDepth: maxDepth) }.joined(separator: ", ") + "]" }
            let key = pick(["name", "and", "or", "not", "eq", "id", "limit", "x"])
            return "{\(key): \(literal(depth: depth + 1, maxDepth: maxDepth))}"
        }
        switch random(8) {
        case 0: return "\(random(2000) - 100)"
        case 1: return "2.5"
        case 2: return "$\(pick(["f", "v", "limit", "unknown"]))"
        case 3: return pick(["true", "false", "null"])
        case 4: return pick(["OPEN", "_null", "string"])
        default:
            let text = pick(Self.strings)
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\t", with: "\\t") + "\""
        }
    }

    /// A JSON value for `variables`, nested up to `maxDepth`.
    private mutating func jsonValue(depth: Int, maxDepth: Int) -> Any {
        if depth < maxDepth, chance(depth < 3 ? 50 : 85) {
            if chance(40) { return [jsonValue(depth: depth + 1, maxDepth: maxDepth)] }
            let key = pick(["name", "and", "or", "not", "eq", "id", "limit", "_version", "beginsWith"])
            return [key: jsonValue(depth: depth + 1, maxDepth: maxDepth)]
        }
        switch random(6) {
        case 0: return random(3000) - 1000
        case 1: return pick([2.5, 1.0, -0.5, 1e300])
        case 2: return NSNull()
        case 3: return chance(50)
        default: return pick(Self.strings)
        }
    }

    /// Breaks a document as a careless or hostile client would: cut, doubled, brackets removed or added.
    private mutating func mangle(_ document: String) -> String {
        switch random(4) {
        case 0: return String(document.prefix(random(document.count + 1)))
        case 1: return document + String(repeating: pick(["{", "}", "[", "("]), count: 1 + random(300))
        case 2: return document.replacingOccurrences(of: "}", with: "", options: [], range: nil)
        default: return String(repeating: "{ a ", count: 1 + random(400)) + document
        }
    }
}
