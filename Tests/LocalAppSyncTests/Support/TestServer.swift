import ServerSlots
import AsyncHTTPClient
import Foundation
import GraphQL
import NIOCore
import OrderedCollections
@testable import LocalAppSync

/// A real server on a random loopback port with a real SQLite file in a fresh temp directory.
final class TestServer: Sendable {
    let server: LocalAppSyncServer
    let port: Int
    let directory: String

    static let apiKey = "da2-testkeytestkeytestkey0001"

    /// Starts a server; `configure` adjusts the configuration first (empty store by default).
    /// Private: tests use `with`, which always stops (and awaits) the server it started.
    private static func start(
        directory: String? = nil, configure: (inout LocalAppSyncConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = directory ?? temporaryDirectory()
        var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: apiKey, seedSamples: false)
        configure(&configuration)
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        return TestServer(server: server, port: port, directory: directory)
    }

    /// Starts a server, runs `body` with it, and stops it (awaited) whether `body` returns or
    /// throws, so no test leaves a server running behind it.
    @discardableResult
    static func with<T>(
        directory: String? = nil, configure: (inout LocalAppSyncConfiguration) -> Void = { _ in },
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        try await ServerSlots.withSlot {
            let server = try await start(directory: directory, configure: configure)
            do {
                let result = try await body(server)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    private init(server: LocalAppSyncServer, port: Int, directory: String) {
        self.server = server
        self.port = port
        self.directory = directory
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "proptui-server-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    var graphQLURL: String { "http://127.0.0.1:\(port)/graphql" }

    func stop() async {
        await server.stop()
    }

    /// POSTs a raw body; answers the status and the parsed JSON body. Throws when no answer comes
    /// (the connection closed, or `timeout` passed).
    func post(
        body: String, headers: [(String, String)]? = nil, timeout: TimeAmount = .seconds(30)
    ) async throws -> (status: Int, json: Map, text: String) {
        var request = HTTPClientRequest(url: graphQLURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers ?? [("x-api-key", server.apiKey)] { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 16 << 20)
        let json = (try? JSONDecoder().decode(Map.self, from: Data(buffer: bytes))) ?? .null
        return (Int(response.status.code), json, String(buffer: bytes))
    }

    /// Runs a GraphQL operation with the server's key; answers the whole response object.
    @discardableResult
    func graphQL(
        _ query: String, variables: Map = [:], headers: [(String, String)]? = nil, timeout: TimeAmount = .seconds(30)
    ) async throws -> Map {
        try await post(body: Self.body(query, variables: variables), headers: headers, timeout: timeout).json
    }

    /// The JSON body of a GraphQL request.
    static func body(_ query: String, variables: Map = [:]) throws -> String {
        let data = try GraphQLJSONEncoder().encode(Map.dictionary(["query": .string(query), "variables": variables]))
        return String(decoding: data, as: UTF8.self)
    }

    static let allFields = "id name address createdAt updatedAt _version _deleted _lastChangedAt"
    /// Every field of the Gen 2 dialect's `RealEstateProperty`.
    static let gen2Fields = "id name address createdAt updatedAt"

    /// Starts a server playing the Gen 2 dialect (see `with`).
    static func gen2<T>(
        directory: String? = nil, configure: (inout LocalAppSyncConfiguration) -> Void = { _ in },
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        try await with(directory: directory, configure: { configuration in
            configuration.schema = .gen2
            configure(&configuration)
        }, body)
    }

    /// Creates a property and answers the stored record.
    @discardableResult
    func create(name: String, address: String? = nil, id: String? = nil) async throws -> Map {
        var input: OrderedDictionary<String, Map> = ["name": .string(name)]
        if let address { input["address"] = .string(address) }
        if let id { input["id"] = .string(id) }
        let fields = server.configuration.schema == .gen2 ? Self.gen2Fields : Self.allFields
        let response = try await graphQL(
            "mutation ($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { \(fields) } }",
            variables: ["input": .dictionary(input)])
        return response["data"]["createRealEstateProperty"]
    }
}
