import AmplifyModels
import Foundation

/// The e2e fixtures' household budget: `Category` (keyed by id), `Transaction` (every kind of
/// value: enum, date, float, a custom type), `Budget` (a composite key).
enum Fixture {
    static let schema: ModelSchema = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AmplifyModelsTests/Fixtures/household-budget.json")
        return try! ModelIntrospectionReader.read(try! Data(contentsOf: url))
    }()

    static func layout(_ name: String) -> RecordLayout {
        try! RecordLayout(model: schema.model(named: name)!, schema: schema)
    }
}
