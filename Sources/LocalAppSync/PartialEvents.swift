import GraphQL

/// A realtime event is the triggering mutation's result, limited to the fields that mutation
/// selected: a field the subscription asks for and the mutation did not select arrives as null,
/// even a non-null one (`id`, `createdAt`, …). AppSync sends such an event with the object and
/// its nulls in `data` and, for each non-null field left null, an error "Cannot return null for
/// non-nullable type: …" beside it; it does not null the whole object, as GraphQL execution
/// would (the subscriber would lose the id of the record that changed). So events are executed
/// against a copy of the schema whose record types' fields are all nullable, and the errors are
/// added from the real schema's types.
struct PartialEvents: Sendable {
    /// The subscription's root field (response key) and what it selects: response key, field
    /// name and node, for the fields that are non-null in the real schema.
    private let root: String?
    /// The record type the subscription answers (`RealEstateProperty`, or one of your models).
    private let recordType: String
    private let nonNullFields: [(key: String, name: String, type: String, node: Field)]

    init(schema: GraphQLSchema, document: Document, operation: OperationDefinition?) {
        let rootField = operation.flatMap { SelectionSets.rootFields(of: $0, in: document).first }
        root = rootField.map { $0.alias?.value ?? $0.name.value }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        let rootType = rootField.flatMap { field in (try? schema.subscriptionType?.fields())?[field.name.value]?.type }
        recordType = (rootType as? any GraphQLNamedType)?.name ?? "RealEstateProperty"
        let recordFields = (try? (schema.getType(name: recordType) as? GraphQLObjectType)?.fields()) ?? [:]
        nonNullFields = (rootField?.selectionSet.map { SelectionSets.fields(of: $0, fragments: fragments) } ?? []).compactMap { field in
            guard let nonNull = recordFields[field.name.value]?.type as? GraphQLNonNull else { return nil }
            let typeName = (nonNull.ofType as? any GraphQLNamedType)?.name ?? "\(nonNull.ofType)"
            return (field.alias?.value ?? field.name.value, field.name.value, typeName, field)
        }
    }

    /// `result` with an error for each non-null field the event left null.
    func reportingNullViolations(in result: GraphQLResult) -> GraphQLResult {
        guard let root, let record = result.data?[root].dictionary else { return result }
        var checked = result
        for field in nonNullFields where record[field.key].map({ $0.isNull || $0.isUndefined }) ?? true {
            checked.errors.append(GraphQLError(
                message: "Cannot return null for non-nullable type: '\(field.type)' within parent '\(recordType)' (/\(root)/\(field.key))",
                nodes: [field.node], path: [root, field.key]))
        }
        return checked
    }

    /// `events` with each reported on (`reportingNullViolations`); ending when they end, and
    /// ending them (the hub's subscription with them) when its consumer stops.
    func checking(_ events: AsyncThrowingStream<GraphQLResult, any Error>) -> AsyncThrowingStream<GraphQLResult, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResult, any Error>.makeStream()
        let task = Task {
            do {
                for try await event in events { continuation.yield(reportingNullViolations(in: event)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// `sdl` with every field of the record types nullable (each written one field a line).
    static func relaxedSDL(_ sdl: String, recordTypes: Set<String> = ["RealEstateProperty"]) -> String {
        var inRecord = false
        return sdl.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("type "), let name = line.dropFirst(5).split(separator: " ").first, recordTypes.contains(String(name)) {
                inRecord = true
            }
            if inRecord, line.hasPrefix("}") { inRecord = false }
            guard inRecord, line.hasSuffix("!") else { return String(line) }
            return String(line.dropLast())
        }.joined(separator: "\n")
    }
}
