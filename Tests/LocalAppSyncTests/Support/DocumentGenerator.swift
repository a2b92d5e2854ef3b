import GraphQL
import OrderedCollections
@testable import LocalAppSync

/// One generated request of the fast path's shape, with the response keys under which a sync's
/// `startedAt` and `nextToken` appear (for `FastPagePathTests.normalized`).
struct GeneratedRequest {
    var query: String
    var variables: OrderedDictionary<String, Map>
    var startedAtKeys: Set<String> = []
    var nextTokenKeys: Set<String> = []
    /// Root response key → the query it runs ("list", "sync", "get").
    var roots: [(key: String, query: String, nextTokenKey: String?)] = []
}

/// Tokens seen in answers, to continue pages from.
struct TokenPool {
    var list: [String] = []
    var sync: [String] = []
    /// Ids of stored records, for `getRealEstateProperty`.
    var ids: [String] = []

    mutating func collect(from answer: Map, _ request: GeneratedRequest) {
        for root in request.roots {
            guard let key = root.nextTokenKey, let token = answer["data"][root.key][key].string else { continue }
            if root.query == "list" { list.append(token) } else if root.query == "sync" { sync.append(token) }
        }
    }
}

/// Random documents of the fast path's shape: one to three root fields (list, sync, get), random
/// subsets and orders of fields, aliases, `__typename`, and `limit` / `nextToken` / `lastSync` /
/// `filter` arguments written inline or as variables. Deterministic for a seed.
struct DocumentGenerator {
    private var generator: SeedRandom

    init(seed: UInt64) { generator = SeedRandom(base: seed, 0) }

    private mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

    private mutating func chance(_ percent: Int) -> Bool { random(100) < percent }

    private mutating func pick<T>(_ values: [T]) -> T { values[random(values.count)] }

    private mutating func shuffledSubset<T>(_ values: [T]) -> [T] {
        var pool = values
        var chosen: [T] = []
        let count = 1 + random(values.count)
        for _ in 0..<count { chosen.append(pool.remove(at: random(pool.count))) }
        return chosen
    }

    static let filters = [
        #"{name: {contains: "a"}}"#,
        #"{_deleted: {ne: true}}"#,
        #"{address: {attributeExists: true}}"#,
        #"{or: [{name: {beginsWith: "Plain"}}, {name: {contains: "ü"}}]}"#,
        #"{not: {name: {contains: "e"}}}"#,
        #"{name: {eq: "nothing matches"}}"#,
    ]

    mutating func next(tokens: TokenPool) -> GeneratedRequest {
        var request = GeneratedRequest(query: "", variables: [:])
        var definitions: [String] = []
        var roots: [String] = []
        var aliasCounter = 0
        func alias() -> String {
            aliasCounter += 1
            return "k\(aliasCounter)"
        }
        let rootCount = chance(75) ? 1 : 2 + random(2)
        for index in 0..<rootCount {
            let query = pick(["list", "list", "sync", "sync", "get"])
            let fieldName = ["list": "listRealEstateProperties", "sync": "syncRealEstateProperties", "get": "getRealEstateProperty"][query]!
            let key = rootCount > 1 || chance(30) ? "r\(index)" : fieldName
            var arguments: [String] = []
            func argument(_ name: String, _ type: String, inline: String, variable: Map) {
                if chance(50) {
                    arguments.append("\(name): \(inline)")
                } else {
                    let variableName = "v\(index)\(name)"
                    definitions.append("$\(variableName): \(type)")
                    arguments.append("\(name): $\(variableName)")
                    request.variables[variableName] = variable
                }
            }
            let recordFields = shuffledSubset(["id", "name", "address", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt", "__typename"]).map { chance(30) ? "\(alias()): \($0)" : $0 }
            let selection: String
            var nextTokenKey: String?
            if query == "get" {
                let id = chance(30) || tokens.ids.isEmpty ? "missing" : pick(tokens.ids)
                argument("id", "ID!", inline: "\"\(id)\"", variable: .string(id))
                selection = recordFields.joined(separator: " ")
            } else {
                if chance(70) {
                    let limit = pick([1, 2, 3, 7, 10, 50, 1000, 0, 1001])
                    argument("limit", "Int", inline: "\(limit)", variable: .number(Number(limit)))
                }
                let pool = query == "list" ? tokens.list : tokens.sync
                if !pool.isEmpty, chance(40) {
                    let token = chance(90) ? pick(pool) : "bm90IGEgdG9rZW4="
                    argument("nextToken", "String", inline: "\"\(token)\"", variable: .string(token))
                }
                if query == "sync", chance(40) {
                    let lastSync = pick([0, 1, 1_700_000_000_000, 4_000_000_000_000])
                    argument("lastSync", "AWSTimestamp", inline: "\(lastSync)", variable: .number(Number(lastSync)))
                }
                if chance(30) {
                    let filter = pick(Self.filters)
                    // A filter as a variable is written as JSON: the inline literals all have a JSON twin.
                    argument("filter", "ModelRealEstatePropertyFilterInput", inline: filter, variable: Self.filterJSON(filter))
                }
                var pageFields: [String] = []
                for field in shuffledSubset(["items", "nextToken", "startedAt", "__typename"]) {
                    let fieldKey = chance(30) ? alias() : field
                    let prefix = fieldKey == field ? "" : "\(fieldKey): "
                    switch field {
                    case "items": pageFields.append("\(prefix)items { \(recordFields.joined(separator: " ")) }")
                    case "nextToken":
                        nextTokenKey = fieldKey
                        if query == "sync" { request.nextTokenKeys.insert(fieldKey) }
                        pageFields.append(prefix + field)
                    case "startedAt":
                        if query == "sync" { request.startedAtKeys.insert(fieldKey) }
                        pageFields.append(prefix + field)
                    default: pageFields.append(prefix + field)
                    }
                }
                selection = pageFields.joined(separator: " ")
            }
            let argumentText = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
            let prefix = key == fieldName ? "" : "\(key): "
            roots.append("\(prefix)\(fieldName)\(argumentText) { \(selection) }")
            request.roots.append((key, query, nextTokenKey))
        }
        let header = definitions.isEmpty ? (chance(50) ? "" : "query Named") : "query Named(\(definitions.joined(separator: ", ")))"
        request.query = "\(header) { \(roots.joined(separator: " ")) }"
        return request
    }

    private static func filterJSON(_ literal: String) -> Map {
        switch literal {
        case filters[0]: ["name": ["contains": "a"]]
        case filters[1]: ["_deleted": ["ne": true]]
        case filters[2]: ["address": ["attributeExists": true]]
        case filters[3]: ["or": [["name": ["beginsWith": "Plain"]], ["name": ["contains": "ü"]]]]
        case filters[4]: ["not": ["name": ["contains": "e"]]]
        default: ["name": ["eq": "nothing matches"]]
        }
    }
}
