import Foundation
import GraphQL
import Hummingbird

/// Reads the realtime handshake's authorization, in either of AppSync's two forms: the
/// `header` query parameter (standard base64 of the auth JSON; a `+` stays a `+`) with the
/// signed `payload` beside it, or a `header-<base64url>` subprotocol.
enum RealtimeAuth {
    static func check(_ request: Request, authenticator: RequestAuthenticator) async -> AuthDecision {
        guard let json = authJSON(request) else { return .missing }
        let query = request.uri.query ?? ""
        let payload = queryParameter("payload", in: query).flatMap { decodeBytes(base64: $0) } ?? Array("{}".utf8)
        return await authenticator.checkRealtime(json, body: payload, path: "/graphql/connect")
    }

    /// The string entries of an auth JSON (`extensions.authorization` of a `start` message).
    static func strings(_ map: Map) -> [String: String] {
        guard case .dictionary(let entries) = map else { return [:] }
        var result: [String: String] = [:]
        for (key, value) in entries { if let text = value.string { result[key] = text } }
        return result
    }

    /// The subprotocols the client offered, from every `Sec-WebSocket-Protocol` header.
    static func offeredSubprotocols(_ request: Request) -> [String] {
        request.headers[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func authJSON(_ request: Request) -> [String: String]? {
        if let header = queryParameter("header", in: request.uri.query ?? ""), let json = decode(base64: header) {
            return strings(json)
        }
        for offered in offeredSubprotocols(request) where offered.hasPrefix("header-") {
            if let json = decode(base64: String(offered.dropFirst("header-".count))) { return strings(json) }
        }
        return nil
    }

    /// The raw value of a query parameter, percent-decoded but with `+` kept as `+`.
    private static func queryParameter(_ name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]).removingPercentEncoding }
        }
        return nil
    }

    /// Decodes standard or URL-safe base64, with or without padding.
    static func decodeBytes(base64 text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// Decodes base64 into a JSON object (an auth header object is flat; a little nesting is
    /// tolerated, and nothing deeper is read).
    static func decode(base64 text: String) -> Map? {
        guard let bytes = decodeBytes(base64: text), let json = try? JSONMapParser.parse(bytes, maxDepth: 8),
            json.isDictionary
        else { return nil }
        return json
    }
}
