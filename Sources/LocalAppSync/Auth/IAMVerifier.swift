import Foundation
import SigV4

/// Checks a SigV4-signed request as AppSync does: the Authorization header's shape, the date
/// window, the credential scope (day, region, service `appsync`), that the access key and
/// session token are known and current, then the signature itself, recomputed over exactly
/// the headers the client says it signed.
struct IAMVerifier: Sendable {
    let region: String
    let known: KnownCredentials
    /// How far a request's date may be from the server's clock (AWS allows 15 minutes).
    var window: TimeInterval = 15 * 60
    var now: @Sendable () -> Date = { Date() }

    static let signatureMismatch =
        "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details."

    struct Parsed {
        let accessKeyId: String
        let day: String
        let region: String
        let service: String
        let signedHeaders: [String]
        let signature: String
    }

    func verify(_ request: SigV4Signer.Request) -> AuthDecision {
        func header(_ name: String) -> String? {
            let values = request.headers.filter { $0.name.lowercased() == name }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ",")
        }
        guard let authorization = header("authorization"), let parsed = Self.parse(authorization) else {
            return .forbidden(
                "IncompleteSignatureException",
                "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.")
        }
        guard let stamp = header("x-amz-date"), let date = SigV4Signer.date(fromTimestamp: stamp) else {
            return .forbidden(
                "IncompleteSignatureException", "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.")
        }
        let current = now()
        let serverStamp = SigV4Signer.timestamp(current)
        let minutes = Int(window / 60)
        if date < current.addingTimeInterval(-window) {
            return .forbidden(
                "InvalidSignatureException",
                "Signature expired: \(stamp) is now earlier than \(SigV4Signer.timestamp(current.addingTimeInterval(-window))) (\(serverStamp) - \(minutes) min.)")
        }
        if date > current.addingTimeInterval(window) {
            return .forbidden(
                "InvalidSignatureException",
                "Signature not yet current: \(stamp) is still later than \(SigV4Signer.timestamp(current.addingTimeInterval(window))) (\(serverStamp) + \(minutes) min.)")
        }
        guard parsed.day == String(stamp.prefix(8)) else {
            return .forbidden(
                "InvalidSignatureException",
                "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '\(parsed.day)' != '\(stamp.prefix(8))', from '\(stamp)'.")
        }
        guard parsed.region == region else {
            return .forbidden("InvalidSignatureException", "Credential should be scoped to a valid region. ")
        }
        guard parsed.service == "appsync" else {
            return .forbidden("InvalidSignatureException", "Credential should be scoped to correct service: 'appsync'. ")
        }
        guard let credentials = known.lookup(parsed.accessKeyId),
            credentials.sessionToken == header("x-amz-security-token")
        else {
            return .forbidden("UnrecognizedClientException", "The security token included in the request is invalid.")
        }
        if let expiration = credentials.expiration, expiration < current {
            return .forbidden("ExpiredTokenException", "The security token included in the request is expired")
        }
        guard parsed.signedHeaders.contains("host") else {
            return .forbidden("InvalidSignatureException", "'Host' must be a 'SignedHeader' in the AWS Authorization.")
        }
        let signed = Set(parsed.signedHeaders)
        var copy = request
        copy.headers = request.headers.filter { signed.contains($0.name.lowercased()) }
        let expected = SigV4Signer(credentials: credentials, region: region, service: "appsync").sign(copy, date: date)
        guard constantTimeEqual(expected.signature, parsed.signature) else {
            return .forbidden("InvalidSignatureException", Self.signatureMismatch)
        }
        return .authorized
    }

    /// `AWS4-HMAC-SHA256 Credential=AKID/DAY/REGION/SERVICE/aws4_request, SignedHeaders=a;b, Signature=hex`.
    static func parse(_ authorization: String) -> Parsed? {
        guard authorization.hasPrefix("AWS4-HMAC-SHA256 ") else { return nil }
        var fields: [String: String] = [:]
        for part in authorization.dropFirst("AWS4-HMAC-SHA256 ".count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        guard let credential = fields["Credential"], let signedHeaders = fields["SignedHeaders"],
            let signature = fields["Signature"]
        else { return nil }
        let scope = credential.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard scope.count == 5, scope[4] == "aws4_request" else { return nil }
        return Parsed(
            accessKeyId: scope[0], day: scope[1], region: scope[2], service: scope[3],
            signedHeaders: signedHeaders.split(separator: ";").map(String.init), signature: signature)
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        APIKeyStore.matches(a, b)
    }
}
