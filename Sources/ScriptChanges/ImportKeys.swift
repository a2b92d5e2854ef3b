import AmplifyModels
import Crypto
import Foundation
import JSONValues

/// The key a row gets when it gives none (a model keyed by `id` alone): a UUID (version 5)
/// of the model's name, the row's values and how many identical rows came before it in the
/// file. The same file imported again gives every row the key it had, so a row the server
/// (or the outbox) already holds is recognised instead of created twice, whether the import
/// was killed and run again or run twice. Not the row's line: a row added or removed above
/// it leaves its key as it was; two identical rows are still two records.
public struct ImportKeys: Sendable {
    private let namespace: UUID
    private let model: String
    /// How many rows of each content were seen (by the content's digest).
    private var seen: [SHA256.Digest: Int] = [:]

    /// proptui's namespace for the keys of imported rows (a fixed random UUID).
    public static let namespace = UUID(uuidString: "6f1c3a52-7d5e-4b8a-9c41-2e0b5d7a9f13")!

    public init(model: String, namespace: UUID = ImportKeys.namespace) {
        self.namespace = namespace
        self.model = model
    }

    /// The next row's key, from its checked values (the key fields left out). Call once per
    /// row, in the file's order.
    public mutating func key(for values: [String: ModelValue], layout: RecordLayout) -> RecordKey {
        let content = Self.canonical(values, layout: layout)
        let digest = SHA256.hash(data: Data(content.utf8))
        let occurrence = seen[digest, default: 0]
        seen[digest] = occurrence + 1
        let name = model + "\n" + content + "\n" + String(occurrence)
        return RecordKey(Self.uuidV5(namespace: namespace, name: name).uuidString.lowercased())
    }

    /// The values as one JSON object, keys sorted, each as the wire writes it, a null left out
    /// (as a field left out is): equal values always make equal text.
    static func canonical(_ values: [String: ModelValue], layout: RecordLayout) -> String {
        var members: [String: JSONValue] = [:]
        for (name, value) in values where name != "id" && value != .null {
            guard let index = layout.index(of: name) else { continue }
            members[name] = layout.codecs[index].json(value)
        }
        return JSONValue.object(members).jsonText
    }

    /// RFC 9562's name-based UUID with SHA-1.
    public static func uuidV5(namespace: UUID, name: String) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes.append(contentsOf: Array(name.utf8))
        var hash = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return UUID(uuid: (
            hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7],
            hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]))
    }
}
