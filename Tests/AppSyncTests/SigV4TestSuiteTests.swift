import Foundation
import Testing
@testable import AppSync

/// The AWS Signature Version 4 Test Suite's cases that apply to AppSync requests
/// (Fixtures/sigv4-test-suite.json): each request's canonical request, string to sign and
/// Authorization header must be AWS's, byte for byte.
@Suite struct SigV4TestSuiteTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let req: String
        let creq: String
        let sts: String
        let authz: String
        var testDescription: String { name }
    }

    struct Suite: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sigv4-test-suite.json")
        return (try? JSONDecoder().decode(Suite.self, from: Data(contentsOf: path)).cases) ?? []
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func matchesAWS(_ testCase: Case) throws {
        let (request, token) = try Self.parse(testCase.req)
        let session = token ?? (testCase.name == "get-vanilla-with-session-token"
            ? "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267" : nil)
        let signer = SigV4Signer(
            credentials: AWSCredentials(
                accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: session),
            region: "us-east-1", service: "service")
        let date = try #require(SigV4Signer.date(fromTimestamp: "20150830T123600Z"))
        let signature = signer.sign(request, date: date)
        #expect(signature.canonicalRequest == testCase.creq)
        #expect(signature.stringToSign == testCase.sts)
        #expect(signature.authorization == testCase.authz)
    }

    /// `METHOD PATH[?QUERY] HTTP/1.1`, `Name:value` lines (a line starting with a space
    /// continues the previous value), a blank line, the body.
    static func parse(_ text: String) throws -> (SigV4Signer.Request, token: String?) {
        let lines = text.components(separatedBy: "\n")
        let requestLine = lines[0].split(separator: " ")
        let target = requestLine[1..<(requestLine.count - 1)].joined(separator: " ")
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var headers: [(name: String, value: String)] = []
        var index = 1
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            if line.first == " " || line.first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += " " + line
            } else {
                let colon = try #require(line.firstIndex(of: ":"))
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
            index += 1
        }
        let body = index + 1 < lines.count ? lines[(index + 1)...].joined(separator: "\n") : ""
        let token = headers.first { $0.name.lowercased() == "x-amz-security-token" }?.value
        return (
            SigV4Signer.Request(
                method: String(requestLine[0]), path: String(pathAndQuery[0]),
                query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : "", headers: headers, body: Array(body.utf8)),
            token
        )
    }

    @Test func timestampsRoundTrip() throws {
        let date = try #require(SigV4Signer.date(fromTimestamp: "20261123T013005Z"))
        #expect(SigV4Signer.timestamp(date) == "20261123T013005Z")
        #expect(SigV4Signer.date(fromTimestamp: "2026-11-23") == nil)
    }

    @Test func credentialsNeverDescribeTheirSecret() {
        let credentials = AWSCredentials(accessKeyId: "AKID", secretAccessKey: "s3cr3t", sessionToken: "t0k3n")
        #expect(!"\(credentials)".contains("s3cr3t") && !"\(credentials)".contains("t0k3n"))
        #expect(!String(reflecting: credentials).contains("s3cr3t"))
    }
}
