import AmplifyModels
import ModelFilters
import Testing

/// How a filter will run: key lookup, query (primary key or index), scan, and what the prompt says.
@Suite struct FilterPlanTests {
    typealias F = FilterFixtures

    func plan(_ text: String, _ model: AmplifyModel = F.booking, sourceLocation: SourceLocation = #_sourceLocation) throws -> FilterPlan {
        let fields = FilterFields(model: model, schema: F.schema)
        return FilterPlan.plan(try F.parse(text, fields, sourceLocation: sourceLocation), model: model, indexes: [F.byPlayer])
    }

    @Test func theWholeKeyPinnedIsAKeyLookup() throws {
        let lookup = try plan("day = 2026-11-25 and venueId = v1")
        #expect(lookup == .keyLookup(.init(key: RecordKey([.init(text: "v1"), .init(text: "2026-11-25")]), rest: nil)))
        #expect(lookup.summary == "key lookup")
        let withRest = try plan("venueId = v1 and court > 2 and day = 2026-11-25")
        #expect(withRest == .keyLookup(.init(key: RecordKey([.init(text: "v1"), .init(text: "2026-11-25")]), rest: F.clause("court", .greater(.int(2))))))
        #expect(withRest.summary == "key lookup (the rest is checked on the record)")
        #expect(try plan("id = abc", F.listing) == .keyLookup(.init(key: RecordKey("abc"), rest: nil)))
    }

    @Test func thePartitionKeyPinnedIsAQueryWithTheSortKeysCondition() throws {
        let query = try plan("venueId = v1 and day >= 2026-11-01 and court = 3")
        guard case .query(let key) = query else { Issue.record("\(query)"); return }
        #expect(key.index == nil)
        #expect(key.partition == FilterClause(field: "venueId", condition: .equal(.string("v1"))))
        #expect(key.sortKey == FilterClause(field: "day", condition: .greaterOrEqual(.string("2026-11-01"))))
        #expect(key.rest == F.clause("court", .equal(.int(3))))
        #expect(query.summary == "query primary key (venueId = v1, day >= 2026-11-01), the server filters the partition")
        #expect(try plan("venueId = v1 and day ^= 2026-11").summary == "query primary key (venueId = v1, day ^= 2026-11)")
        #expect(try plan("venueId = v1").summary == "query primary key (venueId = v1)")
        #expect(try plan("venueId = v1 and day != 2026-11-01").summary == "query primary key (venueId = v1), the server filters the partition",
                "!= is no key condition")
    }

    @Test func anIndexsPartitionKeyPinnedIsAQueryOfTheIndex() throws {
        let query = try plan("player = ana and court between 1 and 4")
        guard case .query(let key) = query else { Issue.record("\(query)"); return }
        #expect(key.index == F.byPlayer && key.rest == nil)
        #expect(query.summary == "query byPlayer (player = ana, court between 1 and 4)")
    }

    /// Issue 31, item 4: the model's own indexes, as its description gives them, are planned
    /// unless others are passed in; an index without a query never is.
    @Test func theModelsOwnIndexesArePlannedAndOnlyThoseWithAQuery() throws {
        var booking = F.booking
        let noQuery = ModelIndex(name: "byDay", partitionKey: "day", sortKeys: [], queryField: nil)
        booking.indexes = [noQuery, F.byPlayer]
        let fields = FilterFields(model: booking, schema: F.schema)
        let byPlayer = FilterPlan.plan(try F.parse("player = ana and court > 0", fields), model: booking)
        #expect(byPlayer.summary == "query byPlayer (player = ana, court > 0)")
        let byDay = try F.parse("day = 2026-11-25", fields)
        #expect(FilterPlan.plan(byDay, model: booking) == .scan(filter: byDay), "byDay has no query to ask")
        #expect(FilterPlan.plan(try F.parse("player = ana and court > 0", fields), model: booking, indexes: []).summary
                == "scan (the server filters every item)")
    }

    /// DynamoDB leaves an item without an index's sort key out of the index: `court` is optional,
    /// so `player = ana` alone would miss Ana's bookings without a court, and is a scan; a clause
    /// that only a court satisfies makes the query exact. `!=` and `!exists` are met by no court.
    @Test func anIndexWhoseOptionalSortKeyTheFilterDoesNotRequireIsNotQueried() throws {
        #expect(F.booking.field(named: "court")?.isRequired == false)
        for text in ["player = ana", "player = ana and court != 2", "player = ana and court !exists", "player = ana and not court = 2"] {
            let filter = try F.parse(text, F.bookingFields)
            #expect(FilterPlan.plan(filter, model: F.booking, indexes: [F.byPlayer]) == .scan(filter: filter), "\(text)")
        }
        for text in ["player = ana and court exists", "player = ana and court = 2", "player = ana and court >= 1"] {
            let filter = try F.parse(text, F.bookingFields)
            #expect(FilterPlan.plan(filter, model: F.booking, indexes: [F.byPlayer]).summary.hasPrefix("query byPlayer"), "\(text)")
        }
    }

    @Test func aKeyWithItsSortKeyNarrowedWinsOverOneWithout() throws {
        #expect(try plan("venueId = v1 and player = ana and court < 3").summary
                == "query byPlayer (player = ana, court < 3), the server filters the partition")
        #expect(try plan("venueId = v1 and player = ana").summary == "query primary key (venueId = v1), the server filters the partition")
    }

    @Test func anythingElseIsAScan() throws {
        for text in ["court = 3", "venueId = v1 or day = 2026-11-25", "not venueId = v1", "venueId != v1", "day = 2026-11-25", "ana",
                     "venueId ^= v"] {
            let filter = try F.parse(text, F.bookingFields)
            let planned = FilterPlan.plan(filter, model: F.booking, indexes: [F.byPlayer])
            #expect(planned == .scan(filter: filter), "\(text)")
            #expect(planned.summary == "scan (the server filters every item)")
        }
        #expect(try plan("name = x", F.listing).summary == "scan (the server filters every item)")
    }
}
