import GraphQL
import Synchronization

/// Counts introspection answers (`__schema`, `__type`) against the request's answer size.
///
/// The library answers introspection itself, from values that cost nothing to read: a few
/// hundred `__schema` aliases of 40 bytes each built gigabytes of answer. Each value an
/// introspection field resolves is charged to the `RequestBudget` (the execution context) before
/// it is returned, so the answer stops at `ServerLimits.maxResponseBytes` as list pages do, and
/// at `maxIntrospectionValues`.
enum IntrospectionBudget {
    /// What one resolved value is assumed to cost beyond its text: its key, quotes and braces.
    static let bytesPerValue = 24

    /// Wraps the resolvers of the introspection types once per process: they are the library's
    /// own objects, shared by every schema (so two servers in one process must not wrap twice).
    /// A type's fields also come back in their declared order (`IntrospectionOrder`).
    static func install(from schema: GraphQLSchema) {
        installed.withLock { done in
            guard !done else { return }
            done = true
            for name in ["__Schema", "__Type", "__Field", "__InputValue", "__EnumValue", "__Directive"] {
                guard let type = schema.typeMap[name] as? GraphQLObjectType, let fields = try? type.fields() else { continue }
                for (fieldName, field) in fields {
                    guard let libraryResolve = field.resolve else { continue }
                    let original = name == "__Type" ? IntrospectionOrder.declared(libraryResolve, field: fieldName) : libraryResolve
                    field.resolve = { source, args, context, info in
                        guard let budget = context as? RequestBudget else { return try await original(source, args, context, info) }
                        // The library's introspection never suspends or looks at cancellation:
                        // this stops it at the execution time limit, and lets other requests
                        // have the thread now and then.
                        try Task.checkCancellation()
                        if budget.refusedIntrospection { return try await nothingMore(original, source, args, context, info) }
                        let value = try await original(source, args, context, info)
                        // A list is charged for its elements as it is returned: the library then
                        // starts them all at once (a task each), before any of them is charged.
                        let elements = (value as? [(any Sendable)?])?.count ?? 0
                        let count = budget.chargeIntrospection(
                            values: 1 + elements, bytes: bytesPerValue * (1 + elements) + ((value as? String)?.utf8.count ?? 0))
                        if count % 64 <= elements { await Task.yield() }
                        return value
                    }
                }
                // Setting the field function drops the type's cached definitions.
                type.fields = { fields }
            }
        }
    }

    /// Once the answer is refused, what is built no longer matters: lists come back empty, so the
    /// library fans out no further. (Throwing instead cost an error, with its location, for every
    /// value the library went on to try: tens of thousands, gigabytes of RSS.) Other fields are
    /// cheap single values, answered as before so that non-null fields stay valid.
    private static func nothingMore(
        _ original: GraphQLFieldResolve, _ source: any Sendable, _ args: Map, _ context: any Sendable, _ info: GraphQLResolveInfo
    ) async throws -> (any Sendable)? {
        let type = (info.returnType as? GraphQLNonNull)?.ofType ?? info.returnType
        if type is GraphQLList { return [(any Sendable)?]() }
        return try await original(source, args, context, info)
    }

    private static let installed = Mutex(false)
}
