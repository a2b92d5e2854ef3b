import Foundation

/// A Cognito user pool whose tokens the server accepts.
public struct UserPoolTrust: Sendable, Equatable {
    /// What the tokens' `iss` must be: `https://cognito-idp.REGION.amazonaws.com/POOL_ID`.
    public var issuer: String
    /// Where the pool's public keys are.
    public var jwksURL: URL
    /// The app clients accepted; empty accepts any client of the pool.
    public var clientIds: [String]

    public init(issuer: String, jwksURL: URL, clientIds: [String] = []) {
        self.issuer = issuer
        self.jwksURL = jwksURL
        self.clientIds = clientIds
    }

    /// A pool by id (`REGION_ID`): AWS's issuer; the keys from `jwksURL`, else from
    /// `<endpoint>/<pool>/.well-known/jwks.json` (an `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`
    /// like moto's), else from the issuer.
    public init(poolId: String, clientIds: [String] = [], jwksURL: URL? = nil, endpoint: URL? = nil) {
        let region = poolId.split(separator: "_").first.map(String.init) ?? "us-east-1"
        issuer = "https://cognito-idp.\(region).amazonaws.com/\(poolId)"
        if let jwksURL {
            self.jwksURL = jwksURL
        } else if let endpoint {
            self.jwksURL = endpoint.appendingPathComponent(poolId).appendingPathComponent(".well-known/jwks.json")
        } else {
            self.jwksURL = URL(string: "\(issuer)/.well-known/jwks.json")!
        }
        self.clientIds = clientIds
    }
}
