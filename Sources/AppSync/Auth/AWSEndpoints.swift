import Foundation

/// Where AWS services are, with AWS's endpoint overrides: the service's own variable
/// (`AWS_ENDPOINT_URL_COGNITO_IDENTITY`), then `AWS_ENDPOINT_URL`, then what the config file
/// says, then AWS's regional endpoint.
public enum AWSEndpoints {
    public static func cognitoIdentity(region: String, configured: URL? = nil, environment: [String: String]) -> URL {
        resolve(variable: "AWS_ENDPOINT_URL_COGNITO_IDENTITY", configured: configured, environment: environment)
            ?? URL(string: "https://cognito-identity.\(region).amazonaws.com/")!
    }

    public static func cognitoIdentityProvider(region: String, environment: [String: String]) -> URL {
        resolve(variable: "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER", configured: nil, environment: environment)
            ?? URL(string: "https://cognito-idp.\(region).amazonaws.com/")!
    }

    private static func resolve(variable: String, configured: URL?, environment: [String: String]) -> URL? {
        for value in [environment[variable], environment["AWS_ENDPOINT_URL"]] {
            if let value, !value.isEmpty, let url = URL(string: value) { return url }
        }
        return configured
    }
}
