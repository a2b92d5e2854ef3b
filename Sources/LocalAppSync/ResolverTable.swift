import GraphQL

/// What an API's schema needs attached: its root fields' resolvers by name, the subscribe
/// resolver of a subscription field (given the mutations that trigger it), and the names of its
/// record types (their fields stop reading once a request is cut off; their events may carry
/// nulls, `PartialEvents`).
struct ServedResolvers {
    var queries: [String: GraphQLFieldResolve]
    var mutations: [String: GraphQLFieldResolve]
    var subscribe: (Set<String>) -> GraphQLFieldResolve
    var recordTypes: [String]
    /// Resolvers of fields of other types than the roots (relations), by type, then field.
    var fields: [String: [String: GraphQLFieldResolve]] = [:]
    /// The root query fields whose resolvers leave their reads in the request's `PageCapture`,
    /// for the fast path (`FastPagePlan`).
    var capturing: Set<String> = []
}

/// The resolvers of the sample's schema's root fields, by field name.
struct ResolverTable: Sendable {
    let operations: any PropertyOperations
    let hub: SubscriptionHub
    let faults: FaultSettings

    var served: ServedResolvers {
        let queries = queryResolvers
        return ServedResolvers(
            queries: queries, mutations: mutationResolvers, subscribe: subscribe, recordTypes: ["RealEstateProperty"], capturing: Set(queries.keys))
    }

    var queryResolvers: [String: GraphQLFieldResolve] {
        let queries = operations
        var resolvers: [String: GraphQLFieldResolve] = [
            "getRealEstateProperty": { _, args, context, info in
                let budget = try Self.start(context)
                let record = try await queries.get(args)
                if budget?.capture != nil { return ModelResolvers.answer(record?.item, budget: budget, info: info) }
                return record?.resolverSource()
            },
            "listRealEstateProperties": { _, args, context, info in
                let budget = try Self.start(context)
                return try Self.answer(try await queries.list(args, budget: budget), budget: budget, info: info)
            },
        ]
        // Only the versioned dialect has a sync query (the Gen 2 schema has no field for it).
        if let versioned = operations as? VersionedOperations {
            resolvers["syncRealEstateProperties"] = { _, args, context, info in
                let budget = try Self.start(context)
                return try Self.answer(try await versioned.sync(args, budget: budget), budget: budget, info: info)
            }
        }
        return resolvers
    }

    static func answer(_ page: PropertyPage, budget: RequestBudget?, info: GraphQLResolveInfo) throws -> [String: any Sendable] {
        guard budget?.capture != nil || budget?.pageCosts[ModelResolvers.responseKey(info)] != nil else { return page.resolverSource() }
        let items = ModelOperations.Page(items: page.records.map(\.item), nextToken: page.nextToken, startedAt: page.startedAt)
        let answer = try ModelResolvers.answer(items, budget: budget, info: info)
        return budget?.capture == nil ? page.resolverSource() : answer
    }

    var mutationResolvers: [String: GraphQLFieldResolve] {
        let mutations = operations
        return [
            "createRealEstateProperty": mutation { try await mutations.create($0) },
            "updateRealEstateProperty": mutation { try await mutations.update($0) },
            "deleteRealEstateProperty": mutation { try await mutations.delete($0) },
        ]
    }

    /// A mutation resolver: injected failures first, then the write, then the realtime fan-out
    /// of the result limited to what this mutation selected.
    private func mutation(_ write: @Sendable @escaping (Map) async throws -> PropertyRecord) -> GraphQLFieldResolve {
        let (hub, faults) = (hub, faults)
        return { _, args, context, info in
            try Self.start(context)
            if faults.shouldFailMutation() { throw AppSyncResolverError.injectedFailure(rate: faults.values.failRate) }
            let record = try await write(args)
            let selected = SelectionSets.selectedFieldNames(under: info.fieldASTs, fragments: info.fragments)
            hub.publish(mutation: info.fieldName, record: record, selectedFields: selected)
            return record.resolverSource()
        }
    }

    /// What every resolver does first: stop if the request was given up (its time ran out), and
    /// count itself against the request's resolver limit. Answers the request's budget (absent
    /// for a subscription's events, which are not requests).
    @discardableResult
    static func start(_ context: any Sendable) throws -> RequestBudget? {
        try Task.checkCancellation()
        let budget = context as? RequestBudget
        try budget?.startResolver()
        return budget
    }

    /// The subscribe resolver of a subscription field triggered by `mutations`.
    func subscribe(to mutations: Set<String>) -> GraphQLFieldResolve {
        let hub = hub
        return { _, args, _, _ in hub.subscribe(to: mutations, filter: SubscriptionHub.filter(of: args)) }
    }
}
