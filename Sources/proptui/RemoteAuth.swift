import AppSync
import Foundation

/// Builds the authorizer for a remote API and the header's words for it.
enum RemoteAuth {
    /// The prompt asks for a user pool's password; close it before the screen starts.
    static func prompt(arguments: AuthArguments, environment: [String: String]) -> SignInPrompt {
        SignInPrompt(
            username: arguments.username ?? environment["PROPTUI_USERNAME"].flatMap { $0.isEmpty ? nil : $0 },
            password: environment["PROPTUI_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 })
    }

    static func authorizer(
        configuration: AppSyncConfiguration, arguments: AuthArguments, environment: [String: String], dataDirectory: String,
        prompt: SignInPrompt
    ) throws -> any RequestAuthorizer {
        try AuthorizerFactory.make(
            configuration: configuration, options: arguments.options, environment: environment, dataDirectory: dataDirectory,
            prompt: { reason in await prompt.ask(reason: reason) })
    }

    /// "abc123.appsync-api.eu-west-1 · IAM (guest)", "127.0.0.1:20002 · user pool".
    static func label(configuration: AppSyncConfiguration, authorizer: any RequestAuthorizer) -> String {
        let host = configuration.graphQLEndpoint.host ?? "?"
        let shortHost = host.hasSuffix(".amazonaws.com") ? String(host.dropLast(".amazonaws.com".count)) : host
        let port = configuration.graphQLEndpoint.port.map { ":\($0)" } ?? ""
        return "\(shortHost)\(port) · \(authorizer.modeDescription)"
    }
}
