import Foundation
import Testing
@testable import AppSync

@Suite struct RealtimeEndpointTests {
    @Test func awsHostMovesToTheRealtimeHost() {
        let url = RealtimeEndpoint.url(
            forGraphQL: URL(string: "https://abc123.appsync-api.eu-west-1.amazonaws.com/graphql")!)
        #expect(url?.absoluteString == "wss://abc123.appsync-realtime-api.eu-west-1.amazonaws.com/graphql")
    }

    @Test func otherHostsGetTheRealtimePath() {
        let local = RealtimeEndpoint.url(forGraphQL: URL(string: "http://127.0.0.1:4000/graphql")!)
        #expect(local?.absoluteString == "ws://127.0.0.1:4000/graphql/realtime")
        let custom = RealtimeEndpoint.url(forGraphQL: URL(string: "https://api.example.com/graphql/")!)
        #expect(custom?.absoluteString == "wss://api.example.com/graphql/realtime")
    }
}
