import AsyncHTTPClient
import Foundation
import NIOCore

/// AWS's JSON 1.1 protocol, as Cognito speaks it: `POST /` with `X-Amz-Target: Service.Operation`
/// and a JSON body. Cognito's sign-in and guest-credential calls need no signature.
struct AWSJSONService: Sendable {
    let endpoint: URL
    let targetPrefix: String
    let http: HTTPClient

    /// An error Cognito answered with: `__type` (without its namespace) and `message`.
    struct ServiceError: Error {
        let type: String
        let message: String
    }

    enum CallError: Error {
        case service(ServiceError)
        case transport(String)
    }

    func call(_ operation: String, _ body: JSONValue) async throws(CallError) -> JSONValue {
        var request = HTTPClientRequest(url: endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-amz-json-1.1")
        request.headers.add(name: "x-amz-target", value: "\(targetPrefix).\(operation)")
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        request.body = .bytes(ByteBuffer(bytes: data))
        let status: UInt
        let bytes: ByteBuffer
        do {
            let response = try await http.execute(request, timeout: .seconds(20))
            status = response.status.code
            bytes = try await response.body.collect(upTo: 1024 * 1024)
        } catch {
            throw .transport("\(endpoint.host ?? endpoint.absoluteString) cannot be reached (\(error))")
        }
        let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes.readableBytesView))
        let object: JSONValue? = if case .object? = decoded { decoded } else { nil }
        guard (200..<300).contains(status), let object else {
            let type = object?["__type"]?.stringValue.map { String($0.split(separator: "#").last ?? "") } ?? "HTTP \(status)"
            let message = (object?["message"] ?? object?["Message"])?.stringValue ?? "the service answered HTTP \(status)"
            if status >= 500 || object == nil { throw .transport("\(operation) failed: \(type): \(message)") }
            throw .service(ServiceError(type: type, message: message))
        }
        return object
    }
}
