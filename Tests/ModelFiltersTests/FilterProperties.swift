import AmplifyModels
import ModelFilters
import Testing

/// The printed form is the filter: for random filters (every operator on every kind of field,
/// `and`/`or`/`not` nested, searches, values that need quoting), parsing what a filter prints
/// gives the filter back, and printing that gives the same text. Each run draws a seed, printed;
/// `PROPTUI_FILTER_SEED=N` replays one, `PROPTUI_FILTER_CASES` runs more.
@Suite struct FilterProperties {
    @Test func parsingWhatAFilterPrintsGivesItBack() {
        let seed = RandomFilters.seed
        print("filter round trip: seed \(seed) (PROPTUI_FILTER_SEED=\(seed) replays it)")
        var random = RandomFilters(seed: seed)
        var failures = 0
        for _ in 0..<RandomFilters.cases(3000) where failures < 5 {
            let expression = random.expression(depth: 4, searches: true)
            let text = expression.description
            do {
                let parsed = try FilterParser.parse(text, fields: FilterFixtures.listingFields)
                if parsed != expression || parsed?.description != text {
                    failures += 1
                    Issue.record("seed \(seed): \(text)\n  read back as \(parsed.map(\.description) ?? "nothing")\n  \(expression)\n  \(String(describing: parsed))")
                }
            } catch {
                failures += 1
                Issue.record("seed \(seed): \(text)\n  refused: \(error)")
            }
        }
    }

    /// On a record holding only `name`, random filters evaluate as DynamoDB's rule for an absent
    /// attribute says (only `!=` and `!exists` hold), against a reference written from the rule.
    @Test func onAnAbsentFieldOnlyNotEqualAndNotExistsHold() throws {
        let layout = try RecordLayout(model: FilterFixtures.listing, schema: FilterFixtures.schema)
        let empty = ModelRecord(layout: layout, key: RecordKey("r"), values: ["name": .string("x")])
        var random = RandomFilters(seed: 7)
        for _ in 0..<500 {
            let expression = random.expression(depth: 3, searches: false)
            // With every field null, each clause holds only for `!=` and `!exists`.
            #expect(FilterEvaluator.matches(empty, expression) == Self.nullTruth(expression), "\(expression)")
        }
    }

    /// What DynamoDB answers for an item holding only `name` ("x"): no search here finds "x".
    static func nullTruth(_ expression: FilterExpression) -> Bool {
        switch expression {
        case .clause(let clause) where clause.field == "name": return FilterEvaluator.holds(clause.condition, on: .string("x"))
        case .clause(let clause):
            switch clause.condition {
            case .notEqual, .notExists: return true
            default: return false
            }
        case .search: return false
        case .not(let inner): return !nullTruth(inner)
        case .and(let terms): return terms.allSatisfy(nullTruth)
        case .or(let terms): return terms.contains(where: nullTruth)
        }
    }
}
