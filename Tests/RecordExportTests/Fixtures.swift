import AmplifyModels
import Foundation
import JSONValues
@testable import RecordExport

/// The e2e fixtures' household budget: `Transaction` (text, a Float, an Int, an enum, an
/// AWSDate, an AWSDateTime, a list, a custom type, a belongsTo key and its relation) and
/// `Budget` (a composite key and the AWS scalars).
enum Budget {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures/household-budget.json")

    static func schema() throws -> ModelSchema {
        try ModelIntrospectionReader.read(Data(contentsOf: file))
    }

    static func model(_ name: String) throws -> (AmplifyModel, ModelSchema) {
        let schema = try schema()
        guard let model = schema.model(named: name) else { throw FixtureError("no \(name)") }
        return (model, schema)
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// Writes the items of a page's answer (`{"items": […], "nextToken": …}`) with a format's
/// writer, as `RecordStream` does, into text.
func written(_ page: String, format: OutputFormat, columns: ExportColumns) throws -> String {
    var writer = format.writer(columns: columns)
    var output: [UInt8] = []
    writer.begin(into: &output)
    let reader = WireItemReader(columns: columns)
    _ = try JSONReader.read(Array(page.utf8)) { json throws(JSONReadError) in
        try reader.readPage(&json) { item in
            if !item.isDeleted { writer.write(item, into: &output) }
        }
    }
    writer.pageEnded(into: &output)
    writer.end(into: &output)
    return String(decoding: output, as: UTF8.self)
}
