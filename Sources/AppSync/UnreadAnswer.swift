import Foundation

/// An answer as it came off the wire, not read yet. A paged read finds the next page's token in
/// the bytes at once (`lastString(forKey:)`, microseconds) and asks for that page while this one
/// is read (milliseconds): the read of a page then overlaps the next request instead of
/// preceding it.
public struct UnreadAnswer: Sendable {
    let status: UInt
    let body: Data

    /// Reads one field of `data`, exactly as `AppSyncClient.execute(_:field:reading:)` does.
    public func read<Value>(
        field: String, reading readValue: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(AppSyncFailure) -> Value? {
        try AppSyncClient.interpret(status: status, body: body, field: field, reading: readValue)
    }

    /// A guess at the string value of the last `"key":` in the body (nil: `null`, no such key, or
    /// something else there), without reading the rest. Inside a JSON string the same bytes would
    /// have their quotes escaped, so only a key matches; but another object could use the key
    /// too, so the caller checks the guess against what the answer says once it is read.
    public func lastString(forKey key: String) -> String? {
        guard (200..<300).contains(status) else { return nil }
        return body.withUnsafeBytes { Self.lastString(forKey: key, in: $0) }
    }

    /// The same in any bytes (the bench's wire baseline finds its tokens so too).
    public static func lastString(forKey key: String, in bytes: UnsafeRawBufferPointer) -> String? {
        let pattern = Array("\"\(key)\":".utf8)
        var start = bytes.count - pattern.count
        while start >= 0, !pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }) { start -= 1 }
        guard start >= 0 else { return nil }
        var index = start + pattern.count
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var text: [UInt8] = []
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            // Tokens are base64 and the like; an escape other than `\/`, `\"`, `\\` makes no
            // guess (the check after the read would catch it, at the cost of a request).
            if bytes[index] == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count, [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\")].contains(bytes[index])
                else { return nil }
            }
            text.append(bytes[index])
            index += 1
        }
        guard index < bytes.count else { return nil }
        return String(decoding: text, as: UTF8.self)
    }
}

extension AppSyncClient {
    /// Sends one request and hands its answer back unread (see `UnreadAnswer`).
    public func fetch(_ request: GraphQLRequest) async throws(AppSyncFailure) -> UnreadAnswer {
        let (status, body) = try await exchange(request)
        return UnreadAnswer(status: status, body: body)
    }
}
