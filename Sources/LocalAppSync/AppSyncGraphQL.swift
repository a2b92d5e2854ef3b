import GraphQL
import OrderedCollections

/// The GraphQL engine of the server: the served models' schema in a dialect (`TransformerSDL`) with resolvers
/// attached, and the parse → depth limit → validate → execute pipeline that answers a request
/// in AppSync's shapes. The GraphQL library does the parsing, validation and execution.
final class AppSyncGraphQL: Sendable {
    let schema: GraphQLSchema
    /// The schema subscription events are executed against (`PartialEvents`).
    private let eventSchema: GraphQLSchema
    let limits: ServerLimits
    /// Documents that passed the limits and validation, by their text: a client asks the same
    /// page query again and again, and parsing and validating it cost more than writing a page.
    private let validDocuments = ValidDocuments()
    /// `{ __typename }`, for `FastPagePlan`; nil when the fast path is off.
    private let typenameOnly: SelectionSet?
    /// What the fast path may write itself.
    let shapes: AnswerShapes

    /// Any API: its SDL and the resolvers of its root fields. `fastPagePath: false` answers
    /// every request through the library (to check the fast path against it).
    init(sdl: String, resolvers: ServedResolvers, limits: ServerLimits, fastPagePath: Bool) throws {
        self.limits = limits
        typenameOnly = fastPagePath ? (try parse(source: "{ __typename }").definitions.first as? OperationDefinition)?.selectionSet : nil
        schema = try buildSchema(source: sdl)
        IntrospectionBudget.install(from: schema)
        try Self.attach(resolvers.queries, to: schema.queryType)
        try Self.attach(resolvers.mutations, to: schema.mutationType)
        try Self.attachSubscriptions(resolvers.subscribe, to: schema.subscriptionType)
        for (typeName, fieldResolvers) in resolvers.fields {
            try Self.attachFields(fieldResolvers, to: schema.getType(name: typeName) as? GraphQLObjectType)
        }
        for name in resolvers.recordTypes {
            try Self.attachStoppingFieldReaders(to: schema.getType(name: name) as? GraphQLObjectType)
            try Self.attachStoppingFieldReaders(to: schema.getType(name: "Model\(name)Connection") as? GraphQLObjectType)
        }
        shapes = try AnswerShapes(
            schema: schema, capturing: resolvers.capturing, recordTypes: Set(resolvers.recordTypes),
            resolved: resolvers.fields.mapValues { Set($0.keys) })
        eventSchema = try buildSchema(source: PartialEvents.relaxedSDL(sdl, recordTypes: Set(resolvers.recordTypes)))
        try Self.attachSubscriptions(resolvers.subscribe, to: eventSchema.subscriptionType)
    }

    /// The library's types hold one another in reference cycles, so a schema's types outlive it,
    /// and with them the resolvers attached here and all they hold: the store's SQLite
    /// connections (three files each) and the subscription hub. A process that starts many
    /// servers (the tests start hundreds) kept every store open. Dropping the resolvers when the
    /// engine goes lets the store close.
    deinit {
        for schema in [schema, eventSchema] {
            for case let type as GraphQLObjectType in schema.typeMap.values where !type.name.hasPrefix("__") {
                // The introspection types (`__…`) are the library's own, shared by every schema.
                guard let fields = try? type.fields() else { continue }
                for field in fields.values {
                    field.resolve = nil
                    field.subscribe = nil
                }
                type.fields = { fields }  // drops the definitions the library built, resolvers and all
            }
        }
    }

    /// What one GraphQL request produced.
    struct Answer {
        /// The JSON object to send back (status 200): a value, or (from the fast path) its bytes.
        let body: Body
        /// Whether the request was a mutation that passed validation and went to execution (so its
        /// resolvers ran, and a write they made is committed and published by now).
        let ranMutation: Bool

        enum Body {
            case value(Map)
            case json([UInt8])
        }

        init(body: Map, ranMutation: Bool) {
            self.body = .value(body)
            self.ranMutation = ranMutation
        }

        init(json: [UInt8]) {
            body = .json(json)
            ranMutation = false
        }
    }

    /// Answers one GraphQL request. `delay` (injected latency) is spent inside the execution
    /// time limit, as a slow data source's time would be.
    func execute(query: String, variables: [String: Map], operationName: String?, after delay: Duration = .zero) async -> Answer {
        let document: Document
        switch prepare(query: query, allowing: [.query, .mutation], operationName: operationName) {
        case .success(let parsed): document = parsed
        case .failure(let errors): return Answer(body: .dictionary(["data": .null, "errors": .array(errors.errors)]), ranMutation: false)
        }
        let operation = Self.operation(in: document, named: operationName)
        if let refusal = IntegerVariables.refusal(of: operation, variables: variables, schema: schema) {
            return Answer(body: .dictionary(["data": .null, "errors": [GraphQLErrorFormatter.resolverError(refusal)]]), ranMutation: false)
        }
        let ranMutation = operation?.operation == .mutation
        let plan = typenameOnly.flatMap { FastPagePlan(document: document, typenameOnly: $0, shapes: shapes) }
        let capture = plan.map { _ in PageCapture() }
        let pageCosts = PageAnswerCost.byResponseKey(operation, in: document)
        let (schema, limits) = (schema, limits)
        let budget = RequestBudget(limits: limits, capture: capture, pageCosts: pageCosts)
        // The fast path's answer is written (as JSON bytes) within the time limit, as the library's is built.
        // Only the light requests (the fast path's pages, `{ __typename }`) stay on the shared pool.
        let light = plan != nil || operation.map { Self.selectsOnlyTypename($0) } == true
        let outcome = await ExecutionDeadline.run(within: limits.executionTimeout, on: light ? nil : ExecutionThreads.shared) {
            () -> Result<(GraphQLResult, [UInt8]?, RequestBudget), GraphQLError> in
            do {
                if delay > .zero { try await Task.sleep(for: delay) }
                let result = try await GraphQL.execute(
                    schema: schema, documentAST: plan?.executedDocument ?? document, rootValue: (), context: budget,
                    variableValues: variables, operationName: operationName)
                guard let plan, let capture else { return .success((result, nil, budget)) }
                if let encoded = plan.encodedAnswer(result, from: capture) { return .success((result, encoded, budget)) }
                // A stored value the fast path does not write: the library answers the whole request.
                let again = RequestBudget(limits: limits, pageCosts: pageCosts)
                let answer = try await GraphQL.execute(
                    schema: schema, documentAST: document, rootValue: (), context: again,
                    variableValues: variables, operationName: operationName)
                return .success((answer, nil, again))
            } catch {
                return .failure(GraphQLError(error))
            }
        }
        // A request that grew large (or was cut off) leaves glibc's arenas full: give that back.
        let used = (try? outcome?.get())?.2 ?? budget
        if outcome == nil || used.spentResponseBytes >= MemoryTrim.largeRequestBytes { MemoryTrim.soon() }
        switch outcome {
        case .success((_, let encoded?, _))?:
            return Answer(json: encoded)
        case .success(_)? where used.refusedIntrospection:
            // One error for the whole answer, not one per introspection value tried after the limit.
            let error = AppSyncResolverError.introspectionTooLarge(limit: limits.maxIntrospectionValues)
            return Answer(
                body: .dictionary(["data": .null, "errors": [GraphQLErrorFormatter.requestError(type: error.errorType, message: error.message)]]),
                ranMutation: ranMutation)
        case .success((let result, nil, _))?:
            var response: OrderedDictionary<String, Map> = ["data": result.data ?? .null]
            if !result.errors.isEmpty { response["errors"] = .array(result.errors.map(GraphQLErrorFormatter.resolverError)) }
            return Answer(body: .dictionary(response), ranMutation: ranMutation)
        case .failure(let error)?:
            let errors: [Map] = [GraphQLErrorFormatter.resolverError(error)]
            return Answer(body: .dictionary(["data": .null, "errors": .array(errors)]), ranMutation: ranMutation)
        case nil:
            // A mutation cut off may have written some of its fields: marked as run.
            return Answer(body: Self.timedOut(operation, in: document), ranMutation: ranMutation)
        }
    }

    /// AppSync's answer to a request past its execution time: each root field null, with an
    /// `ExecutionTimeout` error ("Execution timed out.") on each.
    private static func timedOut(_ operation: OperationDefinition?, in document: Document) -> Map {
        let fields = operation.map { SelectionSets.rootFields(of: $0, in: document) } ?? []
        var data: OrderedDictionary<String, Map> = [:]
        var errors: [Map] = []
        for field in fields {
            let key = field.alias?.value ?? field.name.value
            data[key] = .null
            errors.append(.dictionary([
                "path": .array([.string(key)]),
                "data": .null,
                "errorType": "ExecutionTimeout",
                "errorInfo": .null,
                "locations": GraphQLErrorFormatter.locations(field.loc.map { [SourceLocation(line: $0.startToken.line, column: $0.startToken.column)] } ?? []),
                "message": "Execution timed out.",
            ]))
        }
        return .dictionary(["data": fields.isEmpty ? .null : .dictionary(data), "errors": .array(errors)])
    }

    private static func selectsOnlyTypename(_ operation: OperationDefinition) -> Bool {
        operation.selectionSet.selections.allSatisfy { ($0 as? Field)?.name.value == "__typename" }
    }

    /// The operation a request runs: the one named, or the only one.
    private static func operation(in document: Document, named operationName: String?) -> OperationDefinition? {
        document.definitions.compactMap { $0 as? OperationDefinition }.first { operationName == nil || $0.name?.value == operationName }
    }

    /// Starts a subscription: a stream of execution results, one per triggering mutation. An
    /// event carries the fields its mutation did not select as null (`PartialEvents`).
    func subscribe(query: String, variables: [String: Map], operationName: String?) async -> Result<AsyncThrowingStream<GraphQLResult, any Error>, FormattedErrors> {
        let document: Document
        switch prepare(query: query, allowing: [.subscription], operationName: operationName) {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        if let refusal = IntegerVariables.refusal(of: Self.operation(in: document, named: operationName), variables: variables, schema: schema) {
            return .failure(FormattedErrors(errors: [GraphQLErrorFormatter.resolverError(refusal)]))
        }
        do {
            let result = try await graphqlSubscribe(
                schema: eventSchema, request: query, variableValues: variables, operationName: operationName)
            let events = PartialEvents(schema: schema, document: document, operation: Self.operation(in: document, named: operationName))
            return result
                .map { events.checking($0) }
                .mapError { FormattedErrors(errors: $0.errors.map(GraphQLErrorFormatter.resolverError)) }
        } catch {
            return .failure(FormattedErrors(errors: [GraphQLErrorFormatter.resolverError(GraphQLError(error))]))
        }
    }

    struct FormattedErrors: Error {
        let errors: [Map]
    }

    /// Checks the text's limits, parses, checks what the document would expand to, validates,
    /// and checks the operation kind. The library's parser and validator never see a document
    /// past `DocumentLimits`, so their work (and recursion) is bounded.
    private func prepare(query: String, allowing kinds: Set<OperationType>, operationName: String?) -> Result<Document, FormattedErrors> {
        if let refusal = DocumentLimits.refusalBeforeParsing(query, limits: limits) {
            return .failure(FormattedErrors(errors: [refusal]))
        }
        if let document = validDocuments.document(for: query) { return Self.checkKind(document, allowing: kinds, operationName: operationName) }
        let document: Document
        do {
            document = try parse(source: query)
        } catch let error as GraphQLError {
            return .failure(FormattedErrors(errors: [GraphQLErrorFormatter.syntaxError(error)]))
        } catch {
            return .failure(FormattedErrors(errors: [GraphQLErrorFormatter.requestError(type: "InvalidSyntax", message: "\(error)")]))
        }
        if let refusal = DocumentLimits.refusalBeforeValidating(document, limits: limits) {
            return .failure(FormattedErrors(errors: [refusal]))
        }
        let validationErrors = validate(schema: schema, ast: document)
        if !validationErrors.isEmpty {
            return .failure(FormattedErrors(errors: validationErrors.map(GraphQLErrorFormatter.validationError)))
        }
        validDocuments.keep(document, for: query)
        return Self.checkKind(document, allowing: kinds, operationName: operationName)
    }

    /// Whether the operation the request runs is of a kind this transport serves.
    private static func checkKind(
        _ document: Document, allowing kinds: Set<OperationType>, operationName: String?
    ) -> Result<Document, FormattedErrors> {
        if let chosen = Self.operation(in: document, named: operationName), !kinds.contains(chosen.operation) {
            let message = chosen.operation == .subscription
                ? "Subscriptions are served over the realtime WebSocket (graphql-ws), not over HTTP."
                : "Only subscriptions are served over the realtime WebSocket; send \(chosen.operation.rawValue) operations over HTTP."
            return .failure(FormattedErrors(errors: [GraphQLErrorFormatter.requestError(type: "UnsupportedOperation", message: message)]))
        }
        return .success(document)
    }

    private static func attach(_ resolvers: [String: GraphQLFieldResolve], to type: GraphQLObjectType?) throws {
        guard let type else { return }
        let fields = try type.fields()
        for (name, field) in fields { field.resolve = resolvers[name] }
        // Re-setting the field function drops the library's cached field definitions, so the
        // resolvers set above are the ones execution sees.
        type.fields = { fields }
    }

    /// Resolvers for some fields of a type; the others keep theirs.
    private static func attachFields(_ resolvers: [String: GraphQLFieldResolve], to type: GraphQLObjectType?) throws {
        guard let type else { return }
        let fields = try type.fields()
        for (name, field) in fields { if let resolve = resolvers[name] { field.resolve = resolve } }
        type.fields = { fields }
    }

    /// The fields of records and pages read their source as the library's default resolver
    /// does, but stop once the request is cancelled (past its execution limit): the library
    /// completes every item of a page it has been given without checking, so a request cut off
    /// while its pages are completed would otherwise run on, up to seconds, for an answer that
    /// has already been sent.
    private static func attachStoppingFieldReaders(to type: GraphQLObjectType?) throws {
        guard let type else { return }
        let fields = try type.fields()
        for (_, field) in fields where field.resolve == nil {
            field.resolve = { source, _, _, info in
                if Task.isCancelled { throw CancellationError() }
                return (source as? [String: any Sendable])?[info.fieldName]
            }
        }
        type.fields = { fields }
    }

    private static func attachSubscriptions(
        _ subscribe: (Set<String>) -> GraphQLFieldResolve, to type: GraphQLObjectType?
    ) throws {
        guard let type else { return }
        let fields = try type.fields()
        for (_, field) in fields {
            field.subscribe = subscribe(Set(awsSubscribeMutations(of: field)))
            field.resolve = { source, _, _, _ in source as? SubscriptionHub.Event }
        }
        type.fields = { fields }
    }

    /// The mutations named by a subscription field's `@aws_subscribe(mutations: [...])`.
    private static func awsSubscribeMutations(of field: GraphQLField) -> [String] {
        guard let directive = field.astNode?.directives.first(where: { $0.name.value == "aws_subscribe" }),
            let list = directive.arguments.first(where: { $0.name.value == "mutations" })?.value as? ListValue
        else { return [] }
        return list.values.compactMap { ($0 as? StringValue)?.value }
    }
}
