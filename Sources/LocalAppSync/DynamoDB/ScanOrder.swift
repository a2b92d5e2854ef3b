import Foundation

/// DynamoDB scans a table in the order of its partition keys' hashes, not in the order items
/// were written. The Gen 2 store keeps that order with a stable hash of the id (FNV-1a, 64-bit;
/// not Swift's `Hasher`, which is seeded anew in every process), so a scan's order is the same
/// across restarts and unrelated to creation order or to id order.
enum ScanOrder {
    static func key(of id: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// Where a scan page starts: after this item. Served as an opaque `nextToken` (a small JSON
    /// object, signed by `PageTokenSigner`), as DynamoDB's `LastEvaluatedKey` reaches AppSync clients.
    struct Cursor: Codable, Equatable, Sendable {
        var afterKey: Int64
        var afterID: String

        init(after item: StoredItem) {
            afterKey = item.scanKey
            afterID = item.id
        }

        func token(signedBy signer: PageTokenSigner) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return signer.seal((try? encoder.encode(self)) ?? Data())
        }

        init(token: String, signer: PageTokenSigner) throws(AppSyncResolverError) {
            guard let decoded = try? JSONDecoder().decode(Cursor.self, from: signer.open(token)) else {
                throw .invalidNextToken
            }
            self = decoded
        }
    }
}
