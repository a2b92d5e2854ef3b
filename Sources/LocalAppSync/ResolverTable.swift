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
}

/// The resolvers of the sample's schema's root fields, by field name.
struct ResolverTable: Sendable {
    let operations: any PropertyOperations
    let hub: SubscriptionHub
    let faults: FaultSettings

    var served: ServedResolvers {
        ServedResolvers(queries: queryResolvers, mutations: mutationResolvers, subscribe: subscribe, recordTypes: ["RealEstateProperty"])
    }

    var queryResolvers: [String: GraphQLFieldResolve] {
        let queries = operations
        var resolvers: [String: GraphQLFieldResolve] = [
            "getRealEstateProperty": { _, args, context, info in
                let budget = try Self.start(context)
                let record = try await queries.get(args)
                if let capture = budget?.capture {
                    capture.keep(.record(record), forKey: Self.responseKey(info))
                    return record.map { _ in [String: any Sendable]() }
                }
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

    /// A page as the library reads it, or (on the fast path) left for `FastPagePlan` to render,
    /// with an empty object for the library, which selects only `__typename` under it. Charged
    /// first for the copies its aliases make (`PageAnswerCost`), before any of it is built.
    static func answer(_ page: PropertyPage, budget: RequestBudget?, info: GraphQLResolveInfo) throws -> [String: any Sendable] {
        if let budget, let cost = budget.pageCosts[responseKey(info)] { try budget.charge(bytes: cost.extraBytes(for: page.records)) }
        guard let capture = budget?.capture else { return page.resolverSource() }
        capture.keep(.page(page), forKey: responseKey(info))
        return [:]
    }

    private static func responseKey(_ info: GraphQLResolveInfo) -> String {
        info.fieldASTs.first?.alias?.value ?? info.fieldName
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
