import AmplifyModels
import AppSync
import Foundation
import Logging

/// The models of an API given without a description of them (`--endpoint`, a Gen 1
/// `amplifyconfiguration.json`, an outputs file without `model_introspection`): asked of the API
/// itself by GraphQL introspection. The answer is kept next to the backend's outbox, so that a
/// start without the network (or against an API that has since turned introspection off) shows
/// the models the last start learnt, and sends what waits for them.
enum APIModels {
    /// What a start learnt of the API's models.
    struct Learnt {
        /// The models, or nil when neither the API nor an earlier start said (the sample app then
        /// runs, as it always did).
        var schema: ModelSchema?
        /// What could not be learnt, for the screen: a model the API would not describe, an
        /// answer that cannot be read. Empty when nothing went wrong (or the API was unreachable).
        var problems: [String] = []
    }

    /// The models of the API, asked by introspection; an answer the API refuses whole (too large)
    /// is asked a type at a time (`PartialIntrospection`), so that what can be described is shown.
    static func learn(configuration: AppSyncConfiguration, authorizer: any RequestAuthorizer, keptAt path: String) async -> Learnt {
        let logger = Logger(label: "proptui.models")
        // Not the sender's twenty seconds: an unanswered start must not keep the screen away long.
        let client = AppSyncClient(configuration: configuration, authorizer: authorizer, timeout: .seconds(8))
        let request = GraphQLRequest(query: GraphQLIntrospectionReader.query, operationName: "ProptuiIntrospection")
        var problems: [String] = []
        var data: Data
        do throws(AppSyncFailure) {
            guard let answer = try await client.execute(request, field: "__schema", reading: { reader throws(JSONReadError) in
                try reader.readRawValue()
            }) else {
                logger.notice("the API answered its introspection with null")
                return Learnt(schema: kept(at: path, logger: logger))
            }
            data = Data(answer)
        } catch {
            switch error {
            case .unreachable, .unauthorized:
                logger.notice("the API's models could not be asked (\(error)); using those the last start learnt, if any")
                return Learnt(schema: kept(at: path, logger: logger))
            default:
                logger.notice("the API refused its whole introspection (\(error)): asking a type at a time")
                do throws(AppSyncFailure) {
                    (data, problems) = try await askByParts(client, logger: logger)
                } catch {
                    logger.notice("the API's models could not be asked (\(error)); using those the last start learnt, if any")
                    let earlier = kept(at: path, logger: logger)
                    return Learnt(schema: earlier, problems: ["the API would not describe its models (\(error))" + (earlier == nil ? "" : "; those the last start learnt are shown")])
                }
            }
        }
        do throws(ModelDescriptionError) {
            let schema = try GraphQLIntrospectionReader.read(data)
            keep(data, at: path, logger: logger)
            return Learnt(schema: schema, problems: problems)
        } catch {
            logger.error("the API's introspection cannot be read: \(error)")
            let earlier = kept(at: path, logger: logger)
            return Learnt(schema: earlier, problems: ["the API's description of its models cannot be read (\(error))"])
        }
    }

    /// The introspection answer asked a type at a time; with what was left out, in words.
    private static func askByParts(_ client: AppSyncClient, logger: Logger) async throws(AppSyncFailure) -> (Data, [String]) {
        let names = GraphQLRequest(query: PartialIntrospection.namesQuery, operationName: "ProptuiIntrospectionNames")
        guard let namesAnswer = try await client.execute(names, field: "__schema", reading: { reader throws(JSONReadError) in
            try reader.readValue()
        }) else { throw .misconfigured("the API answered its introspection with null") }
        var parts: PartialIntrospection
        do throws(ModelDescriptionError) {
            parts = try PartialIntrospection(names: namesAnswer)
        } catch {
            throw .misconfigured("the API's introspection names no types (\(error))")
        }
        while let type = parts.next() {
            let request = GraphQLRequest(
                query: PartialIntrospection.typeQuery, variables: ["name": .string(type)], operationName: "ProptuiIntrospectionType")
            do throws(AppSyncFailure) {
                let entry = try await client.execute(request, field: "__type", reading: { reader throws(JSONReadError) in try reader.readValue() })
                parts.receive(type, entry ?? .null)
            } catch {
                switch error {
                case .unreachable, .unauthorized: throw error
                default:
                    logger.warning("the API would not describe \(type): \(error)")
                    parts.refuse(type, reason: error.description)
                }
            }
        }
        let problems = parts.leftOut.map { "\($0.name) is not shown: the API would not describe it (\($0.reason))" }
        return (parts.answer, problems)
    }

    /// Where the answer is kept for the backend whose outbox is `outboxPath`.
    static func path(outboxPath: String) -> String { outboxPath + ".models.json" }

    private static func kept(at path: String, logger: Logger) -> ModelSchema? {
        guard let data = try? BoundedFile.read(path) else { return nil }
        do throws(ModelDescriptionError) {
            return try GraphQLIntrospectionReader.read(data)
        } catch {
            logger.error("\(path) cannot be read (\(error)): ignored")
            return nil
        }
    }

    private static func keep(_ data: Data, at path: String, logger: Logger) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            logger.warning("the API's models cannot be kept in \(path): \(error)")
        }
    }
}
