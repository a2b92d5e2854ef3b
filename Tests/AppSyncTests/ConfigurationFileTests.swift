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
        #expect(configuration.mode == .apiKey && configuration.apiKey == "da2-fixturekeyfixturekey000")
        #expect(configuration.additionalModes == [.iam])
    }

    @Test func readsGen1AmplifyConfigurationSkippingRestAPIs() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("amplifyconfiguration.json"))
        #expect(configuration.graphQLEndpoint.host == "gen1.appsync-api.us-east-1.amazonaws.com")
        #expect(configuration.mode == .apiKey && configuration.apiKey == "da2-gen1fixturekey00000000")
    }

    @Test func readsAWSConfiguration() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("awsconfiguration.json"))
        #expect(configuration.realtimeEndpoint.absoluteString == "ws://127.0.0.1:4000/graphql/realtime")
        #expect(configuration.region == "us-west-2")
    }

    @Test func gen2IAMNamesItsIdentityPool() throws {
        let configuration = try ConfigurationFile.load(path: Self.fixture("iam_outputs.json"))
        #expect(configuration.mode == .iam && configuration.apiKey == nil)
        #expect(configuration.identityPool == IdentityPoolSettings(id: "us-east-1:00000000-0000-0000-0000-000000000000", region: "us-east-1"))
        #expect(configuration.region == "us-east-1")
    }

    @Test func everyFormatNamesItsCognitoPools() throws {
        let gen2 = #"""
            {"version":"1.3","auth":{"aws_region":"eu-west-1","user_pool_id":"eu-west-1_AbC","user_pool_client_id":"client1",
             "identity_pool_id":"eu-west-1:1234"},
             "data":{"url":"https://a.appsync-api.eu-west-1.amazonaws.com/graphql","default_authorization_type":"AMAZON_COGNITO_USER_POOLS"}}
            """#
        let gen1 = #"""
            {"api":{"plugins":{"awsAPIPlugin":{"x":{"endpointType":"GraphQL","endpoint":"https://b.appsync-api.us-west-2.amazonaws.com/graphql",
             "region":"us-west-2","authorizationType":"AWS_IAM"}}}},
             "auth":{"plugins":{"awsCognitoAuthPlugin":{"CredentialsProvider":{"CognitoIdentity":{"Default":{"PoolId":"us-west-2:abcd","Region":"us-west-2"}}},
             "CognitoUserPool":{"Default":{"PoolId":"us-west-2_Pool","AppClientId":"client2","Region":"us-west-2"}}}}}}
            """#
        let awsConfiguration = #"""
            {"AppSync":{"Default":{"ApiUrl":"https://c.appsync-api.ap-south-1.amazonaws.com/graphql","Region":"ap-south-1","AuthMode":"OPENID_CONNECT"}},
             "CognitoUserPool":{"Default":{"PoolId":"ap-south-1_P","AppClientId":"client3","Region":"ap-south-1"}}}
            """#
        let first = try ConfigurationFile.parse(Data(gen2.utf8), path: "a.json")
        #expect(first.mode == .userPool && first.userPool == UserPoolSettings(id: "eu-west-1_AbC", clientId: "client1", region: "eu-west-1"))
        #expect(first.identityPool?.id == "eu-west-1:1234" && first.region == "eu-west-1")
        let second = try ConfigurationFile.parse(Data(gen1.utf8), path: "b.json")
        #expect(second.mode == .iam && second.identityPool?.id == "us-west-2:abcd" && second.userPool?.clientId == "client2")
        let third = try ConfigurationFile.parse(Data(awsConfiguration.utf8), path: "c.json")
        #expect(third.mode == .oidc && third.userPool?.id == "ap-south-1_P" && third.region == "ap-south-1")
    }

    @Test func malformedFilesGetClearErrors() {
        let cases: [(String, ConfigurationError)] = [
            ("{ \"data\": ", .notJSON(path: "f.json", reason: "")),
            ("[1, 2]", .unknownFormat(path: "f.json")),
            (#"{"version": "1", "data": {"api_key": "da2-x"}}"#, .missingField(path: "f.json", field: "data.url")),
            (#"{"version": "2", "data": {"url": "https://x/graphql"}}"#, .unsupportedVersion(path: "f.json", version: "2")),
            (#"{"version": "1", "data": {"url": "ftp://x/graphql", "api_key": "da2-x"}}"#, .invalidEndpoint("ftp://x/graphql")),
            (#"{"AppSync": {"Default": {"ApiUrl": "https://x/graphql", "AuthMode": "AWS_MAGIC"}}}"#,
             .unsupportedAuthMode(path: "f.json", mode: "AWS_MAGIC")),
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


/// A config file a person edited by hand: where it breaks, by line and column (issue 19, item 11).
@Suite struct ConfigurationFileSyntaxTests {
    @Test(arguments: [
        ("{\n  \"data\": {\n    \"url\": \"https://x/graphql\",\n    \"api_key\": da2-secret\n  }\n}\n", 4, 16, "expected a value"),
        ("{\"version\": \"1\", \"data\": {\"url\": \"https://x/graphql\",}}", 1, 54, "expected a name in double quotes"),
        ("{ \"data\": ", 1, 11, "the file ends early"),
        ("", 1, 1, "the file is empty"),
        ("{\"a\" 1}", 1, 6, "expected :"),
        ("[1 2]", 1, 4, "expected , or ]"),
        ("{\"a\": \"x\ny\"}", 1, 9, "a line break"),
        ("{\"a\": tru}", 1, 7, "expected a value"),
        ("{\"ü\": \"é\" x}", 1, 11, "expected , or }"),
        ("{\"a\": \"never closed}", 1, 7, "no closing double quote"),
        ("{} {}", 1, 4, "more text after the end"),
    ] as [(String, Int, Int, String)])
    func aMalformedFileSaysWhereItBreaks(_ text: String, line: Int, column: Int, expected: String) {
        #expect {
            try ConfigurationFile.parse(Data(text.utf8), path: "amplify_outputs.json")
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix("amplify_outputs.json is not valid JSON: line \(line), column \(column): ")
                && message.contains(expected) && !message.contains("da2-secret")
        }
    }

    /// Every file Amplify writes is read through the same check: the other formats too.
    @Test func theOtherFormatsSayWhereTheyBreakToo() {
        let gen1 = "{\n \"api\": {\"plugins\": {\"awsAPIPlugin\": {\n  \"x\": {\"endpoint\": \"https://x/graphql\",,}\n}}}}"
        #expect(throws: ConfigurationError.notJSON(
            path: "amplifyconfiguration.json", reason: "line 3, column 41: expected a name in double quotes (is there a comma after the last member?)")) {
            try ConfigurationFile.parse(Data(gen1.utf8), path: "amplifyconfiguration.json")
        }
    }

    /// A file cut short after a comma: it ends early, and no hint blames a comma.
    @Test func aFileCutShortIsNotBlamedOnItsLastComma() {
        #expect(throws: ConfigurationError.notJSON(
            path: "amplify_outputs.json", reason: "line 1, column 38: the file ends early: expected a name in double quotes")) {
            try ConfigurationFile.parse(Data("{\"data\": {\"url\": \"https://x/graphql\",".utf8), path: "amplify_outputs.json")
        }
    }

    @Test func wellFormedJSONPasses() {
        for text in ["{}", " [ ] ", #"{"a": [1, -2.5e+3, 0, true, false, null, "\u00e9\n"], "b": {}}"#] {
            #expect(JSONSyntaxProblem.first(in: Array(text.utf8)) == nil, "\(text)")
        }
    }
}
