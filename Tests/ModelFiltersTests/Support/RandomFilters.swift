import AmplifyModels
import Foundation
import JSONValues
import ModelFilters

/// Random filters and records over `FilterFixtures.listing`, from a seed (SplitMix64). Values come
/// from small pools shared by records and filters, so that clauses hit: texts that need quoting,
/// keywords, multi-byte and decomposed letters (`e` + U+0301), numbers at Int's ends, dates and
/// date-times in several shapes, lists.
struct RandomFilters {
    private var draws: SeededDraws

    init(seed: Int) { draws = SeededDraws(seed: seed) }

    /// The seed a run uses: `PROPTUI_FILTER_SEED` to replay one, else a new one.
    static var seed: Int {
        ProcessInfo.processInfo.environment["PROPTUI_FILTER_SEED"].flatMap { Int($0) } ?? Int.random(in: 0...1_000_000_000)
    }

    /// How many cases a property runs: `PROPTUI_FILTER_CASES`, else `standard`.
    static func cases(_ standard: Int) -> Int {
        ProcessInfo.processInfo.environment["PROPTUI_FILTER_CASES"].flatMap { Int($0) } ?? standard
    }

    mutating func next(_ bound: Int) -> Int { draws.next(bound) }

    mutating func chance(_ percent: Int) -> Bool { draws.chance(percent) }

    mutating func pick<T>(_ items: [T]) -> T { draws.pick(items) }

    // MARK: Pools

    static let texts = [
        "a", "ab", "abc", "B", "Villa", "villa blu", "Villa Blu", "é", "e\u{301}", "café", "cafe\u{301}", "Z", "zeta",
        "say \"hi\"", "x\\y", "and", "NULL", "price > 3", "(x)", "日本", "🏠 home", " lead", "!exists", "a=b", "Hi!",
    ]
    static let prices: [Double] = [-1.5, 0, 2.5, 10, 99.99, 100, 1e6]
    static let rooms: [Int64] = [-2_147_483_648, -3, 0, 1, 2, 5, 10, 2_147_483_647]
    static let days = ["2026-01-01", "2026-01-15", "2025-12-31", "2026-11-25", "2026-01-01Z"]
    static let times = ["2026-01-01T00:00:00Z", "2026-01-01T10:30:00.000Z", "2026-01-01T10:30:00+01:00", "2025-06-30T23:59:59.999Z"]
    static let tags = ["garden", "pool", "Garden", "gar", "sea view", "é"]
    static let agents = ["a1", "a2", "A1", "b"]
    static let emails = ["a@example.com", "b@example.com", "Z@x.org"]
    static let visits: [Int64] = [0, 1_764_081_000, -86_400, 2_147_483_647]
    static let kinds = FilterFixtures.kind.values
    /// The server's times, all after the first and before the second.
    static let createdBounds = ["2020-01-01T00:00:00Z", "2999-01-01T00:00:00Z"]

    // MARK: Records

    /// A record of `layout` (the `Listing` model) with random values, a field now and then null.
    mutating func record(_ layout: RecordLayout, key: String) -> ModelRecord {
        var values: [String: ModelValue] = ["name": .string(pick(Self.texts))]
        func maybe(_ name: String, _ value: ModelValue) { if !chance(20) { values[name] = value } }
        maybe("note", .string(pick(Self.texts + [""])))
        maybe("price", .float(pick(Self.prices)))
        maybe("rooms", .int(pick(Self.rooms)))
        maybe("active", .bool(chance(50)))
        maybe("kind", .enumValue(pick(Self.kinds)))
        maybe("listedOn", .string(pick(Self.days)))
        maybe("seenAt", .string(pick(Self.times)))
        maybe("tags", .list((0..<next(4)).map { _ in .string(pick(Self.tags)) }))
        maybe("kinds", .list((0..<next(3)).map { _ in .enumValue(pick(Self.kinds)) }))
        maybe("scores", .list((0..<next(3)).map { _ in .int(pick(Self.rooms)) }))
        maybe("agentId", .string(pick(Self.agents)))
        maybe("email", .string(pick(Self.emails)))
        maybe("visits", .int(pick(Self.visits)))
        maybe("extra", .json(.object(["n": .int(Int64(next(3)))])))
        return ModelRecord(layout: layout, key: RecordKey(key), values: values)
    }

    // MARK: Filters

    /// A random filter at most `depth` levels deep; bare-word searches only when `searches`.
    mutating func expression(depth: Int, searches: Bool) -> FilterExpression {
        if depth == 0 || chance(35) {
            return searches && chance(12) ? .search(pick(Self.texts)) : .clause(clause())
        }
        switch next(3) {
        case 0: return .not(expression(depth: depth - 1, searches: searches))
        case 1: return .and((0..<(2 + next(2))).map { _ in expression(depth: depth - 1, searches: searches) })
        default: return .or((0..<(2 + next(2))).map { _ in expression(depth: depth - 1, searches: searches) })
        }
    }

    mutating func clause() -> FilterClause {
        let text = { (values: [String]) in values.map(ModelValue.string) }
        switch next(16) {
        case 0: return textClause("name", text(Self.texts))
        case 1: return textClause("note", text(Self.texts + [""]))
        case 2: return ordered("price", Self.prices.map(ModelValue.float))
        case 3: return ordered("rooms", Self.rooms.map(ModelValue.int))
        case 4: return pick([FilterCondition.equal(.bool(chance(50))), .notEqual(.bool(chance(50))), .exists, .notExists]).on("active")
        case 5: return (chance(50) ? FilterCondition.equal(.enumValue(pick(Self.kinds))) : .notEqual(.enumValue(pick(Self.kinds)))).on("kind")
        case 6: return textClause("listedOn", text(Self.days))
        case 7: return textClause("seenAt", text(Self.times))
        case 8: return pick([FilterCondition.contains(.string(pick(Self.tags))), .exists, .notExists]).on("tags")
        case 9: return FilterCondition.contains(.enumValue(pick(Self.kinds))).on("kinds")
        case 10: return pick([FilterCondition.exists, .notExists]).on(pick(["scores", "extra"]))
        case 11: return textClause("agentId", text(Self.agents))
        case 12: return textClause("email", text(Self.emails))
        case 13: return ordered("visits", Self.visits.map(ModelValue.int))
        case 14: return textClause("createdAt", text(Self.createdBounds))
        default: return textClause("name", text(Self.texts.map { String($0.unicodeScalars.prefix(1)) }))
        }
    }

    /// A comparison of a text field: any ordering operator, or a prefix or part of a pool value
    /// (cut by scalars, so that `e` + U+0301 is cut in two).
    private mutating func textClause(_ field: String, _ values: [ModelValue]) -> FilterClause {
        if chance(25) {
            guard case .string(let whole) = pick(values) else { return ordered(field, values) }
            let scalars = Array(whole.unicodeScalars)
            guard !scalars.isEmpty else { return FilterCondition.exists.on(field) }
            let start = chance(50) ? 0 : next(scalars.count), length = 1 + next(scalars.count - start)
            var part = String.UnicodeScalarView()
            part.append(contentsOf: scalars[start..<(start + length)])
            return (start == 0 && chance(50) ? FilterCondition.beginsWith(String(part)) : .contains(.string(String(part)))).on(field)
        }
        return ordered(field, values)
    }

    /// `=`, `!=`, `<`, `<=`, `>`, `>=`, `between` (its ends in order), `exists` or `!exists`.
    private mutating func ordered(_ field: String, _ values: [ModelValue]) -> FilterClause {
        let value = pick(values)
        switch next(9) {
        case 0: return FilterCondition.equal(value).on(field)
        case 1: return FilterCondition.notEqual(value).on(field)
        case 2: return FilterCondition.less(value).on(field)
        case 3: return FilterCondition.lessOrEqual(value).on(field)
        case 4: return FilterCondition.greater(value).on(field)
        case 5: return FilterCondition.greaterOrEqual(value).on(field)
        case 6:
            let other = pick(values)
            let inOrder = FilterEvaluator.order(value, other) != .orderedDescending
            return FilterCondition.between(inOrder ? value : other, inOrder ? other : value).on(field)
        case 7: return FilterCondition.exists.on(field)
        default: return FilterCondition.notExists.on(field)
        }
    }
}

extension FilterCondition {
    func on(_ field: String) -> FilterClause { FilterClause(field: field, condition: self) }
}
