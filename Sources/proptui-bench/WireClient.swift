import AppSync
import AsyncHTTPClient
import Foundation
import NIOCore
import PropertySync

/// The load's baseline, "the wire": a client that asks for the same pages as the app (the same
/// request, over the same HTTP client) and only reads each answer's bytes and finds its
/// `nextToken`. No record is decoded, cached or shown: what a full load may cost at best.
struct WireClient {
    let url: String
    let apiKey: String
    let pageSize: Int

    /// One page: its body's size and the next page's token.
    func page(after token: String?) async throws -> (bytes: Int, nextToken: String?) {
        let answer = try await body(after: token)
        return (answer.readableBytes, answer.withUnsafeReadableBytes(Self.nextToken))
    }

    /// One page's answer as it came.
    func body(after token: String?) async throws -> ByteBuffer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "accept", value: "application/json")
        request.headers.add(name: "x-api-key", value: apiKey)
        let body = try JSONEncoder().encode(AppSyncPropertyAPI.syncRequest(limit: pageSize, nextToken: token, lastSync: nil))
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

    /// The last `"nextToken":` of the body and the string after it (nil: `null`, or none). It comes
    /// after the items, and inside a string the same bytes would have their quotes escaped.
    static func nextToken(in body: UnsafeRawBufferPointer) -> String? {
        let key = Array(#""nextToken":"#.utf8)
        var start = body.count - key.count
        while start >= 0, !key.indices.allSatisfy({ body[start + $0] == key[$0] }) { start -= 1 }
        guard start >= 0 else { return nil }
        var index = start + key.count
        while index < body.count, body[index] == UInt8(ascii: " ") { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: "\"") else { return nil }
        var token: [UInt8] = []
        index += 1
        while index < body.count, body[index] != UInt8(ascii: "\"") {
            // A token is base64 and the like: the only escapes met are `\/` and `\"`, `\\`.
            if body[index] == UInt8(ascii: "\\") { index += 1 }
            token.append(body[index])
            index += 1
        }
        return String(decoding: token, as: UTF8.self)
    }
}
