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
    /// The models, or nil when neither the API nor an earlier start said (the sample app then
    /// runs, as it always did). A description that cannot be read is logged and ignored.
    static func learn(configuration: AppSyncConfiguration, authorizer: any RequestAuthorizer, keptAt path: String) async -> ModelSchema? {
        let logger = Logger(label: "proptui.models")
        // Not the sender's twenty seconds: an unanswered start must not keep the screen away long.
        let client = AppSyncClient(configuration: configuration, authorizer: authorizer, timeout: .seconds(8))
        let request = GraphQLRequest(query: GraphQLIntrospectionReader.query, operationName: "ProptuiIntrospection")
        do throws(AppSyncFailure) {
            guard let answer = try await client.execute(request, field: "__schema", reading: { reader throws(JSONReadError) in
                try reader.readRawValue()
            }) else {
                logger.notice("the API answered its introspection with null")
                return kept(at: path, logger: logger)
            }
            let data = Data(answer)
            do throws(ModelDescriptionError) {
                let schema = try GraphQLIntrospectionReader.read(data)
                keep(data, at: path, logger: logger)
                return schema
            } catch {
                logger.error("the API's introspection cannot be read: \(error)")
                return nil
            }
        } catch {
            logger.notice("the API's models could not be asked (\(error)); using those the last start learnt, if any")
            return kept(at: path, logger: logger)
        }
    }

    /// Where the answer is kept for the backend whose outbox is `outboxPath`.
    static func path(outboxPath: String) -> String { outboxPath + ".models.json" }

    private static func kept(at path: String, logger: Logger) -> ModelSchema? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
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
