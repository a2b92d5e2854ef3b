import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A minimal Cognito identity pool for guests, so the Amplify Gen 2 guest flow runs with no
/// cloud: `GetId` hands out an identity id, `GetCredentialsForIdentity` mints temporary
/// credentials the server then accepts for IAM. JSON 1.1 on `POST /`, as Cognito speaks it.
final class IdentityPoolEmulator: Sendable {
    let poolId: String
    let known: KnownCredentials
    let lifetime: TimeInterval
    private let identities = Mutex<Set<String>>([])

    init(poolId: String, known: KnownCredentials, lifetime: TimeInterval) {
        self.poolId = poolId
        self.known = known
        self.lifetime = lifetime
    }

    var region: String { String(poolId.split(separator: ":").first ?? "") }

    func handle(_ request: Request, context: some RequestContext) async throws -> Response {
        let target = request.headers.first { $0.name.canonicalName == "x-amz-target" }?.value ?? ""
        let body = try await request.body.collect(upTo: 64 * 1024)
        let input = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
        switch target {
        case "AWSCognitoIdentityService.GetId":
            guard input["IdentityPoolId"] as? String == poolId else {
                return Self.error("ResourceNotFoundException", "IdentityPool '\(input["IdentityPoolId"] as? String ?? "")' not found.")
            }
            let id = "\(region):\(UUID().uuidString.lowercased())"
            identities.withLock { _ = $0.insert(id) }
            return Self.answer(["IdentityId": id])
        case "AWSCognitoIdentityService.GetCredentialsForIdentity":
            guard let id = input["IdentityId"] as? String, identities.withLock({ $0.contains(id) }) else {
                return Self.error("ResourceNotFoundException", "Identity '\(input["IdentityId"] as? String ?? "")' not found.")
            }
            let credentials = KnownCredentials.mint(lifetime: lifetime)
            known.add(credentials)
            return Self.answer([
                "IdentityId": id,
                "Credentials": [
                    "AccessKeyId": credentials.accessKeyId, "SecretKey": credentials.secretAccessKey,
                    "SessionToken": credentials.sessionToken ?? "",
                    "Expiration": (credentials.expiration ?? Date()).timeIntervalSince1970.rounded(.down),
                ] as [String: Any],
            ])
        default:
            return Self.error("UnknownOperationException", "This server's identity pool answers GetId and GetCredentialsForIdentity only.")
        }
    }

    static func answer(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/x-amz-json-1.1"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ type: String, _ message: String) -> Response {
        answer(["__type": type, "message": message], status: .badRequest)
    }

    /// The pool's id, `REGION:UUID`, kept in the data directory so that a restart keeps it
    /// (and the `amplify_outputs.json` naming it stays right).
    static func poolId(region: String, dataDirectory: String) throws -> String {
        let path = (dataDirectory as NSString).appendingPathComponent("identity-pool-id")
        if let stored = try? String(contentsOfFile: path, encoding: .utf8) {
            let id = stored.trimmingCharacters(in: .whitespacesAndNewlines)
            if id.hasPrefix(region + ":") { return id }
        }
        let id = "\(region):\(UUID().uuidString.lowercased())"
        guard FileManager.default.createFile(atPath: path, contents: Data((id + "\n").utf8)) else {
            throw LocalAppSyncError.dataDirectoryUnusable(path: dataDirectory, reason: "cannot write identity-pool-id")
        }
        return id
    }
}
