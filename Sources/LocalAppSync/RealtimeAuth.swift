import Foundation
import GraphQL
import Hummingbird

/// Reads the realtime handshake's authorization, in either of AppSync's two forms: the
/// `header` query parameter (standard base64 of the auth JSON; a `+` stays a `+`) or a
/// `header-<base64url>` subprotocol.
enum RealtimeAuth {
    static func check(_ request: Request, apiKey: String) -> APIKeyAuth {
        guard let json = authJSON(request) else { return .missing }
        return APIKeyAuth.check(json["x-api-key"].string, against: apiKey)
    }

    /// The subprotocols the client offered, from every `Sec-WebSocket-Protocol` header.
    static func offeredSubprotocols(_ request: Request) -> [String] {
        request.headers[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func authJSON(_ request: Request) -> Map? {
        if let header = queryParameter("header", in: request.uri.query ?? ""), let json = decode(base64: header) {
            return json
        }
        for offered in offeredSubprotocols(request) where offered.hasPrefix("header-") {
            if let json = decode(base64: String(offered.dropFirst("header-".count))) { return json }
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

    /// Decodes standard or URL-safe base64, with or without padding, into a JSON object.
    static func decode(base64 text: String) -> Map? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), let json = try? JSONDecoder().decode(Map.self, from: data),
            json.isDictionary
        else { return nil }
        return json
    }
}
