import AppSync
import AsyncHTTPClient
import Foundation
import NIOCore
import SyncEngine

/// The load's baseline, "the wire": a client that asks for the same pages as the app (the same
/// request, over the same HTTP client) and only reads each answer's bytes and finds its
/// `nextToken`. No record is decoded, cached or shown: what a full load may cost at best.
struct WireClient {
    let url: String
    let apiKey: String
    let pageSize: Int
    /// A page's request after a token: the model's sync query, as the app asks it.
    var request: @Sendable (_ limit: Int, _ nextToken: String?) -> GraphQLRequest

    /// One page: its body's size and the next page's token.
    func page(after token: String?) async throws -> (bytes: Int, nextToken: String?) {
        let answer = try await body(after: token)
        return (answer.readableBytes, answer.withUnsafeReadableBytes { UnreadAnswer.lastString(forKey: "nextToken", in: $0) })
    }

    /// One page's answer as it came.
    func body(after token: String?) async throws -> ByteBuffer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "accept", value: "application/json")
        request.headers.add(name: "x-api-key", value: apiKey)
        let body = try JSONEncoder().encode(self.request(pageSize, token))
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await AppSyncClient.sharedHTTPClient.execute(request, timeout: .seconds(30))
        let answer = try await response.body.collect(upTo: 16 << 20)
        guard response.status == .ok else { throw LoadBenchmarkError("the wire read HTTP \(response.status.code)") }
        return answer
    }

    /// Every page, in order; the pages read.
    func readAll() async throws -> Int {
        var token: String?
        var pages = 0
        repeat {
            token = try await page(after: token).nextToken
            pages += 1
        } while token != nil
        return pages
    }
}
