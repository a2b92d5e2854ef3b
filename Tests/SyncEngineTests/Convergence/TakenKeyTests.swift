import AmplifyModels
@testable import SyncEngine
import Testing

extension ConvergenceProperties {
    /// A key the user types (a custom key) that someone else created first: the user's create is
    /// not the record the server holds, so it must not be confirmed as if it were.
    @Test(arguments: [APIDialect.versioned, .plain])
    func aCreateOfAKeySomeoneElseTookIsNotConfirmedAsApplied(dialect: APIDialect) async throws {
        let model = AmplifyModel(
            name: "Tag", pluralName: "Tags",
            fields: [
                ModelField(name: "code", type: .scalar(.string), isRequired: true), ModelField(name: "note", type: .scalar(.string)),
                ModelField(name: "createdAt", type: .scalar(.awsDateTime), isReadOnly: true),
                ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true),
            ],
            primaryKey: PrimaryKey(partitionKey: "code"), authRules: [AuthRule(strategy: .public, provider: .apiKey)])
        try await ConvergenceRun.withServer(seed: 0, dialect: dialect, schema: ModelSchema(models: [model])) { run in
            let layout = run.layouts["Tag"]!
            _ = try await run.remote["Tag"]!.send(.create(try ModelRecord.checked(["code": .string("X"), "note": .string("theirs")], layout: layout)))
            let client = run.clients[0]
            client.offline.off = true
            await run.open(client)
            let list = client.lists["Tag"]!.list
            // Made offline, before the list has read the server's copy: the list cannot know the key is taken.
            #expect(await list.row(RecordKey("X")) == nil)
            try await list.create(try ModelRecord.checked(["code": .string("X"), "note": .string("mine")], layout: layout))
            await run.setOffline(client, false)
            await run.letEverythingThrough(within: .seconds(20))
            #expect(await list.pendingCount == 0)
            let outcomes = run.journal.outcomes.filter { $0.key == RecordKey("X") }
            let held = try await run.remote["Tag"]!.get(id: RecordKey("X"))
            let confirmed = outcomes.contains { $0.succeeded && $0.kind == .create }
            #expect(
                !confirmed || held?["note"] == .string("mine"),
                "the create of “mine” was confirmed, but the server holds \(String(describing: held)); outcomes: \(outcomes)")
            try #require(!confirmed, "the server holds theirs: the create of mine is a conflict")
            // The row shows theirs, in conflict; `o` puts mine over theirs, on purpose.
            #expect(await list.row(RecordKey("X"))?.record["note"] == .string("theirs"))
            let said = try await list.reapplyMine(RecordKey("X"))
            // Named by its first text that is not the key (issue 29: a key or an id names nothing).
            #expect(said == "Applied your values over the other Tag “theirs”.")
            await run.letEverythingThrough(within: .seconds(20))
            #expect(await list.pendingCount == 0)
            #expect(try await run.remote["Tag"]!.get(id: RecordKey("X"))?["note"] == .string("mine"), "o put mine on the server")
            #expect(await list.row(RecordKey("X"))?.record["note"] == .string("mine"))
        }
    }
}
