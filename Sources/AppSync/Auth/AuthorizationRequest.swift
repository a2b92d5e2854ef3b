import Foundation

/// One HTTP request as an authorizer sees it: what it may have to sign.
public struct AuthorizationRequest: Sendable {
    public var method: String
    public var url: URL
    /// The headers already on the request (`host` included).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `host` as it goes on the wire: lower case, the port only when it is not the scheme's default.
    public static func hostHeader(for url: URL) -> String {
        let host = (url.host ?? "").lowercased()
        let bracketed = host.contains(":") ? "[\(host)]" : host
        guard let port = url.port else { return bracketed }
        let isDefault = (url.scheme == "https" && port == 443) || (url.scheme == "http" && port == 80)
        return isDefault ? bracketed : "\(bracketed):\(port)"
    }
}
