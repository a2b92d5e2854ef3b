import AmplifyModels
import ModelScreens
import Testing

@Suite struct RelationTests {
    static let reading = try! Fixtures.schema("reading-club.json")
    static let household = try! Fixtures.schema("household-budget.json")

    @Test func aBelongsToLeadsToItsParentByKey() throws {
        let books = try RecordLayout(model: Self.reading.model(named: "Book")!, schema: Self.reading)
        let book = ModelRecord(layout: books, key: RecordKey("b1"), values: ["readerId": .string("r7"), "title": .string("Dune")])
        let targets = Relations.targets(of: book, in: Self.reading)
        #expect(targets.count == 1)
        let reader = try #require(targets.first)
        #expect(reader.field == "reader" && reader.kind == .belongsTo && reader.direction == .parent && reader.model == "Reader")
        #expect(reader.filter.matches == [RecordFilter.Match(field: "id", value: .string("r7"))])
        #expect(reader.parentKey(in: Self.reading) == RecordKey("r7"))
        #expect(reader.label == "reader → Reader r7")
    }

    @Test func aParentWhoseKeyIsNullCannotBeFollowed() throws {
        let transactions = try RecordLayout(model: Self.household.model(named: "Transaction")!, schema: Self.household)
        let orphan = ModelRecord(layout: transactions, key: RecordKey("t1"), values: ["description": .string("x")])
        let category = try #require(Relations.targets(of: orphan, in: Self.household).first)
        #expect(!category.canFollow && category.parentKey(in: Self.household) == nil)
        #expect(category.label == "category → no Category")
    }

    @Test func aHasManyLeadsToTheChildrenHoldingThisKey() throws {
        let readers = try RecordLayout(model: Self.reading.model(named: "Reader")!, schema: Self.reading)
        let reader = ModelRecord(layout: readers, key: RecordKey("r7"), values: ["displayName": .string("Ann")])
        let targets = Relations.targets(of: reader, in: Self.reading)
        #expect(targets.map(\.field) == ["books", "reviews", "awards"])
        #expect(targets.allSatisfy { $0.direction == .children && $0.kind == .hasMany && $0.canFollow })
        let books = targets[0].filter
        #expect(books == RecordFilter(model: "Book", matches: [RecordFilter.Match(field: "readerId", value: .string("r7"))]))
        #expect(targets[0].label == "books → Book where readerId = r7")
        let bookLayout = try RecordLayout(model: Self.reading.model(named: "Book")!, schema: Self.reading)
        #expect(books.matches(ModelRecord(layout: bookLayout, key: RecordKey("b1"), values: ["readerId": .string("r7")])))
        #expect(!books.matches(ModelRecord(layout: bookLayout, key: RecordKey("b2"), values: ["readerId": .string("r8")])))
        // A book made in that list starts with its reader, and is in the list once made.
        var form = RecordForm(creating: bookLayout, values: books.values)
        #expect(form.text(ofField: "readerId") == "r7")
        form.focus("title"); form.type("Dune")
        form.focus("author"); form.type("Herbert")
        guard case .submitted(.create(let book)) = form.handle(.control("s")) else {
            Issue.record("refused: \(form.problems)")
            return
        }
        #expect(books.matches(book))
    }

    @Test func anOlderFileNamingTheChildsRelationFieldIsFollowedThroughItsTargets() throws {
        var schema = Self.reading
        var reader = try #require(schema.model(named: "Reader"))
        let index = try #require(reader.fields.firstIndex { $0.name == "books" })
        reader.fields[index].association?.associatedWith = ["reader"]
        schema.models[schema.models.firstIndex { $0.name == "Reader" }!] = reader
        let layout = try RecordLayout(model: reader, schema: schema)
        let record = ModelRecord(layout: layout, key: RecordKey("r7"))
        let books = try #require(Relations.target(of: record, through: reader.fields[index], in: schema))
        #expect(books.filter.matches.map(\.field) == ["readerId"])
    }

    @Test func theBackStackReturnsWhereTheUserWas() {
        var stack = BackStack()
        #expect(stack.pop() == nil)
        let readers = BackStack.Place(model: "Reader", selectedRow: 3, selectedKey: RecordKey("r7"))
        let books = BackStack.Place(
            model: "Book", filter: RecordFilter(model: "Book", matches: [.init(field: "readerId", value: .string("r7"))]),
            selectedRow: 1, showedDetail: true)
        stack.push(readers)
        stack.push(books)
        #expect(stack.trail == "Reader › Book where readerId = r7")
        #expect(stack.pop() == books)
        #expect(stack.top == readers)
        #expect(stack.pop() == readers && stack.isEmpty)
        for row in 0..<(BackStack.maximumDepth + 5) { stack.push(.init(model: "Reader", selectedRow: row)) }
        #expect(stack.count == BackStack.maximumDepth)
        #expect(stack.places.first?.selectedRow == 5, "the oldest go first")
    }
}
