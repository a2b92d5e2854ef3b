import Foundation

/// Where an AppSync API's realtime WebSocket lives, given its GraphQL URL.
public enum RealtimeEndpoint {
    /// `https://ID.appsync-api.REGION.amazonaws.com/graphql` becomes
    /// `wss://ID.appsync-realtime-api.REGION.amazonaws.com/graphql`; any other host
    /// (a custom domain, the embedded server) keeps its host and gets the path
    /// `/graphql/realtime`, with `ws` for `http`.
    public static func url(forGraphQL graphQL: URL) -> URL? {
        guard var parts = URLComponents(url: graphQL, resolvingAgainstBaseURL: false),
              let host = parts.host
        else { return nil }
        parts.scheme = parts.scheme == "http" ? "ws" : "wss"
        if host.hasSuffix(".amazonaws.com"), host.contains(".appsync-api.") {
            parts.host = host.replacingOccurrences(of: ".appsync-api.", with: ".appsync-realtime-api.")
        } else {
            parts.path = (parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path) + "/realtime"
        }
        return parts.url
    }
}
