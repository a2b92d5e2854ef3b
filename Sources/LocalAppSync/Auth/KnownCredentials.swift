import Foundation
import SigV4
import Synchronization

/// The IAM credentials the server accepts: those it was given (the environment of `proptui
/// serve`) and the temporary ones its identity pool minted for guests.
final class KnownCredentials: Sendable {
    private let credentials: Mutex<[String: AWSCredentials]>

    init(_ given: [AWSCredentials]) {
        credentials = Mutex(Dictionary(given.map { ($0.accessKeyId, $0) }, uniquingKeysWith: { _, last in last }))
    }

    func lookup(_ accessKeyId: String) -> AWSCredentials? {
        credentials.withLock { $0[accessKeyId] }
    }

    /// Adds minted credentials, dropping those that have expired (guests renew every hour).
    func add(_ credential: AWSCredentials, now: Date = Date()) {
        credentials.withLock { known in
            known = known.filter { $0.value.expiration.map { $0 > now } ?? true }
            known[credential.accessKeyId] = credential
        }
    }

    /// Temporary credentials as STS shapes them: `ASIA…` ids, 40-character secrets, a long token.
    static func mint(lifetime: TimeInterval, now: Date = Date()) -> AWSCredentials {
        AWSCredentials(
            accessKeyId: "ASIA" + random(16, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
            secretAccessKey: random(40, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
            sessionToken: "IQoJb3JpZ2luX2Vj" + random(240, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
            expiration: now.addingTimeInterval(lifetime))
    }

    static func random(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in characters.randomElement(using: &generator)! })
    }
}
