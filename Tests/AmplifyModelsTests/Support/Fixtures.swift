import AmplifyModels
import Foundation
import Testing

/// The description files in `Fixtures/`, written here (see its README for what each holds).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func schema(_ name: String) throws -> ModelSchema {
        try ModelIntrospectionReader.read(data(name))
    }

    static let all = ["finance.json", "reading-club.json", "court-bookings.json", "household-budget.json", "indexed-ledger.json"]
}

extension ModelSchema {
    /// The model, or a test failure.
    func require(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> AmplifyModel {
        try #require(model(named: name), "no model \(name) in \(models.map(\.name))", sourceLocation: sourceLocation)
    }
}

extension AmplifyModel {
    func require(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ModelField {
        try #require(field(named: name), "\(self.name) has no field \(name)", sourceLocation: sourceLocation)
    }
}
