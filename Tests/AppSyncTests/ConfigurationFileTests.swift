import Foundation
import Testing
@testable import AppSync

@Suite struct ConfigurationFileTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test func readsGen2Outputs() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("amplify_outputs.json"))
        #expect(configuration.graphQLEndpoint.absoluteString == "https://abc123.appsync-api.eu-west-1.amazonaws.com/graphql")
        #expect(configuration.realtimeEndpoint.absoluteString == "wss://abc123.appsync-realtime-api.eu-west-1.amazonaws.com/graphql")
        #expect(configuration.region == "eu-west-1")
        #expect(configuration.auth == .apiKey("da2-fixturekeyfixturekey000"))
    }

    @Test func readsGen1AmplifyConfigurationSkippingRestAPIs() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("amplifyconfiguration.json"))
        #expect(configuration.graphQLEndpoint.host == "gen1.appsync-api.us-east-1.amazonaws.com")
        #expect(configuration.auth == .apiKey("da2-gen1fixturekey00000000"))
    }

    @Test func readsAWSConfiguration() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("awsconfiguration.json"))
        #expect(configuration.realtimeEndpoint.absoluteString == "ws://127.0.0.1:4000/graphql/realtime")
        #expect(configuration.region == "us-west-2")
    }

    @Test func iamIsNotSupportedYetAndSaysWhatToDo() {
        #expect {
            try ConfigurationFile.load(path: Self.fixture("iam_outputs.json"))
        } throws: { error in
            let message = String(describing: error)
            return (error as? ConfigurationError) == .unsupportedAuthMode(path: Self.fixture("iam_outputs.json"), mode: "AWS_IAM")
                && message.contains("API_KEY")
        }
    }

    /// A Gen 1 file with Cognito gets Gen 1's fix (the Amplify CLI), not Gen 2's (`npx ampx`).
    @Test func aGen1FileGetsGen1Advice() {
        let text = #"{"api": {"plugins": {"awsAPIPlugin": {"api": {"endpointType": "GraphQL", "endpoint": "https://x/graphql", "#
            + #""region": "us-east-1", "authorizationType": "AMAZON_COGNITO_USER_POOLS"}}}}}"#
        do {
            _ = try ConfigurationFile.parse(Data(text.utf8), path: "amplifyconfiguration.json")
            Issue.record("a Cognito config was accepted")
        } catch {
            #expect(error == .unsupportedGen1AuthMode(path: "amplifyconfiguration.json", mode: "AMAZON_COGNITO_USER_POOLS"))
            #expect(error.description.contains("amplify update api"))
            #expect(!error.description.contains("ampx"))
        }
    }

    @Test func malformedFilesGetClearErrors() {
        let cases: [(String, ConfigurationError)] = [
            ("{ \"data\": ", .notJSON(path: "f.json", reason: "")),
            ("[1, 2]", .unknownFormat(path: "f.json")),
            (#"{"version": "1", "data": {"api_key": "da2-x"}}"#, .missingField(path: "f.json", field: "data.url")),
            (#"{"version": "2", "data": {"url": "https://x/graphql"}}"#, .unsupportedVersion(path: "f.json", version: "2")),
            (#"{"version": "1", "data": {"url": "ftp://x/graphql", "api_key": "da2-x"}}"#, .invalidEndpoint("ftp://x/graphql")),
            (#"{"AppSync": {"Default": {"ApiUrl": "https://x/graphql", "AuthMode": "AMAZON_COGNITO_USER_POOLS"}}}"#,
             .unsupportedGen1AuthMode(path: "f.json", mode: "AMAZON_COGNITO_USER_POOLS")),
        ]
        for (text, expected) in cases {
            #expect {
                try ConfigurationFile.parse(Data(text.utf8), path: "f.json")
            } throws: { error in
                guard let error = error as? ConfigurationError else { return false }
                if case .notJSON(let path, let reason) = error, case .notJSON = expected { return path == "f.json" && !reason.isEmpty }
                return error == expected
            }
        }
    }

    @Test func missingFileSaysWhichPath() {
        #expect {
            try ConfigurationFile.load(path: "/nonexistent/amplify_outputs.json")
        } throws: { error in
            String(describing: error).contains("/nonexistent/amplify_outputs.json")
        }
    }

    @Test func errorsAndDescriptionsNeverShowTheKey() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("amplify_outputs.json"))
        #expect(!configuration.description.contains("da2-"))
        #expect(!String(describing: ConfigurationError.invalidAPIKey).contains("da2-"))
    }

    @Test func flagsNeedAKey() {
        #expect(throws: ConfigurationError.missingAPIKey) {
            try AppSyncConfiguration(endpoint: "http://127.0.0.1:4000/graphql", apiKey: nil)
        }
    }
}
