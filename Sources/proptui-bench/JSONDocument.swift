import Foundation

/// One `--json` file for every section the run measured: the engine report's document,
/// with each other section's results added under its own key.
struct JSONDocument {
    private var object: [String: Any]

    init(_ data: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LoadBenchmarkError("the report's JSON is not an object")
        }
        self.object = object
    }

    func adding<Section: Encodable>(_ key: String, _ section: Section) throws -> JSONDocument {
        var copy = self
        copy.object[key] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(section))
        return copy
    }

    func data() throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
