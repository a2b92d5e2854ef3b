import Foundation

/// `AWS_IAM`: every request SigV4-signed for the service `appsync` in the API's region.
public struct IAMAuthorizer: RequestAuthorizer {
    let provider: any AWSCredentialsProvider
    let region: String
    let now: @Sendable () -> Date

    public init(provider: any AWSCredentialsProvider, region: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.provider = provider
        self.region = region
        self.now = now
    }

    public var modeDescription: String { "IAM (\(provider.sourceDescription))" }

    public func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)] {
        let credentials = try await provider.credentials()
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var headers = request.headers
        var added: [(name: String, value: String)] = []
        if !headers.contains(where: { $0.name.lowercased() == "host" }) {
            // Signed as it will be sent: the client then leaves a Host it finds alone.
            added.append(("Host", AuthorizationRequest.hostHeader(for: request.url)))
            headers += added
        }
        let signature = SigV4Signer(credentials: credentials, region: region, service: "appsync").sign(
            .init(
                method: request.method, path: components?.percentEncodedPath ?? "/",
                query: components?.percentEncodedQuery ?? "", headers: headers, body: request.body),
            date: now())
        return added + signature.headers
    }

    public func renewAfterRefusal() async -> Bool { await provider.invalidate() }
}
