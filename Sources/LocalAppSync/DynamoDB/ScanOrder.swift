/// DynamoDB scans a table in the order of its partition keys' hashes, not in the order items
/// were written. The models store keeps that order with a stable hash of the partition key (FNV-1a, 64-bit;
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
}
