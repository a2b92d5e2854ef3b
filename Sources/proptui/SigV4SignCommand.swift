import AppSync
import ArgumentParser
import Foundation

/// `proptui sigv4-sign` (hidden): signs requests read as JSON lines on standard input and
/// prints one JSON line each, so a test script can compare proptui's SigV4 with botocore's
/// byte for byte. Credentials come on standard input, never as arguments.
struct SigV4SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sigv4-sign", abstract: "Sign JSON-line requests with SigV4 (for tests).", shouldDisplay: false)

    struct Input: Decodable {
        let method: String
        let url: String
        let headers: [[String]]
        let body: String
        let timestamp: String
        let accessKey: String
        let secretKey: String
        let token: String?
        let region: String
        let service: String

        enum CodingKeys: String, CodingKey {
            case method, url, headers, body, timestamp, region, service, token
            case accessKey = "access_key"
            case secretKey = "secret_key"
        }
    }

    struct Output: Encodable {
        let canonicalRequest: String
        let authorization: String
        let headers: [[String]]
    }

    func run() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let input = try JSONDecoder().decode(Input.self, from: Data(line.utf8))
            guard let url = URL(string: input.url), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                let date = SigV4Signer.date(fromTimestamp: input.timestamp), let body = Data(base64Encoded: input.body)
            else { throw ValidationError("unreadable request: \(input.url)") }
            var headers = input.headers.map { (name: $0[0], value: $0[1]) }
            if !headers.contains(where: { $0.name.lowercased() == "host" }) {
                headers.append(("host", AuthorizationRequest.hostHeader(for: url)))
            }
            let signer = SigV4Signer(
                credentials: AWSCredentials(accessKeyId: input.accessKey, secretAccessKey: input.secretKey, sessionToken: input.token),
                region: input.region, service: input.service)
            let signature = signer.sign(
                .init(
                    method: input.method, path: components.percentEncodedPath, query: components.percentEncodedQuery ?? "",
                    headers: headers, body: Array(body)),
                date: date)
            let output = Output(
                canonicalRequest: signature.canonicalRequest, authorization: signature.authorization,
                headers: signature.headers.map { [$0.name, $0.value] })
            FileHandle.standardOutput.write(try encoder.encode(output) + Data("\n".utf8))
        }
    }
}
