import Crypto
import Foundation

/// Signs the opaque `nextToken` of list and sync pages (HMAC-SHA256), so that the server only
/// continues a scan from a token it issued: a forged or altered token (another id to start
/// after, another `startedAt`) is refused as AppSync refuses one, never served.
///
/// The key lives in the data directory beside the store it pages through (mode 0600, made on
/// first start), so the tokens a client holds still work after the server restarts on the same
/// store; a new data directory, or a deleted key file, makes them invalid (clients start the
/// list again, as after AppSync's tokens expire).
struct PageTokenSigner: Sendable {
    static let fileName = "page-token-key"
    private static let macLength = SHA256.byteCount

    private let key: SymmetricKey

    init(key: SymmetricKey) { self.key = key }

    /// The key stored in `dataDirectory`, or a new one stored there.
    static func stored(in dataDirectory: String) throws(LocalAppSyncError) -> PageTokenSigner {
        let path = (dataDirectory as NSString).appendingPathComponent(fileName)
        if let text = try? String(contentsOfFile: path, encoding: .utf8), let bytes = hexBytes(text), bytes.count == 32 {
            return PageTokenSigner(key: SymmetricKey(data: bytes))
        }
        let key = SymmetricKey(size: .bits256)
        let hex = key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
        // Created with 0600 from the start: whoever reads the key can forge tokens.
        guard FileManager.default.createFile(atPath: path, contents: Data((hex + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw .dataDirectoryUnusable(path: dataDirectory, reason: "cannot write \(fileName)")
        }
        return PageTokenSigner(key: key)
    }

    /// The token for `payload`: base64 of the MAC followed by the payload.
    func seal(_ payload: Data) -> String {
        (Data(HMAC<SHA256>.authenticationCode(for: payload, using: key)) + payload).base64EncodedString()
    }

    /// The payload of a token this server sealed; anything else is refused.
    func open(_ token: String) throws(AppSyncResolverError) -> Data {
        guard let data = Data(base64Encoded: token), data.count > Self.macLength else { throw .invalidNextToken }
        let payload = data.dropFirst(Self.macLength)
        guard HMAC<SHA256>.isValidAuthenticationCode(data.prefix(Self.macLength), authenticating: payload, using: key) else {
            throw .invalidNextToken
        }
        return Data(payload)
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
