/// The kinds of file `proptui import` reads: NDJSON (one JSON object a line), CSV with a header
/// row (one column a field; lists and objects as JSON), or one JSON array of objects.
public enum ImportFormat: String, Sendable, CaseIterable {
    case ndjson, csv, json

    /// What `--format` names, or else the file's extension, or else its first byte that is not
    /// blank (`[` an array, `{` NDJSON, anything else CSV).
    public static func of(path: String, bytes: [UInt8], given: String?) throws(ScriptProblem) -> ImportFormat {
        if let given {
            guard let format = ImportFormat(rawValue: given.lowercased()) ?? (given.lowercased() == "jsonl" ? .ndjson : nil) else {
                throw .usage("--format \(given): give ndjson, csv or json")
            }
            return format
        }
        let lowered = path.lowercased()
        if lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl") { return .ndjson }
        if lowered.hasSuffix(".csv") { return .csv }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        switch first {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .ndjson
        default: return lowered.hasSuffix(".json") ? .json : .csv
        }
    }
}
