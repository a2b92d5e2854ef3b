import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import ModelBrowser
import SyncEngine

/// A model the bench runs as the app runs it: its layout, its screen, and its n-th record (the
/// same every run). The sample's `RealEstateProperty` (a name and an address) and a 13-field model
/// of every kind of value (`Transaction` of `Resources/demo/budget-models.json`: text, a Float, an
/// Int, an enum, an AWSDate, an AWSDateTime, a list, a key), so that each figure is shown for both.
struct BenchModel: Sendable {
    let name: String
    let schema: ModelSchema
    let layout: RecordLayout
    /// What a row shows first and `r` renames.
    var renamedField: String { layout.model.displayField }
    private let makeRecord: @Sendable (Int) -> ModelRecord

    /// The n-th record.
    func record(_ number: Int) -> ModelRecord { makeRecord(number) }

    static let sample = BenchModel(name: SampleModel.name, schema: .realEstateProperty, layout: SampleModel.layout) { number in
        SampleModel.record(Catalog.listing(number, seed: RenameOnProptui.seed))
    }

    static func transaction() throws -> BenchModel {
        let schema = try ModelBenchScreen.schema()
        let model = try schema.models.first { $0.name == ModelBenchScreen.model }.orThrow("no \(ModelBenchScreen.model)")
        let layout = try RecordLayout(model: model, schema: schema)
        return BenchModel(name: model.name, schema: schema, layout: layout) { transaction($0, layout: layout) }
    }

    /// The app's API for this model on `client` (the embedded server speaks the versioned dialect).
    func api(_ client: AppSyncClient) -> AppSyncModelAPI<ModelRecordSync> {
        AppSyncModelAPI(client: client, model: ModelRecordSync(layout: layout, dialect: .versioned, subscriber: nil), dialect: .versioned)
    }

    /// The embedded server for this model, in the versioned dialect, empty (the sample's own
    /// configuration for the sample: it serves that model without a models file).
    func serverConfiguration(port: Int = 0, dataDirectory: String, apiKey: String) -> LocalAppSyncConfiguration {
        var configuration = LocalAppSyncConfiguration(port: port, dataDirectory: dataDirectory, apiKey: apiKey, seedSamples: false)
        if name != SampleModel.name {
            configuration.schema = .versioned
            configuration.models = ServedModels(schema: schema, introspectionText: [])
        }
        return configuration
    }

    /// A new record as the user makes one: the n-th record's values that a create may set,
    /// `text` in the display field, and a new key.
    func newRecord(_ number: Int, text: String) throws -> ModelRecord {
        let settable = Set(layout.model.editableFields(for: .create).map(\.name)).subtracting(layout.model.primaryKey.fields)
        var values = record(number).valuesByName.filter { settable.contains($0.key) && $0.value != .null }
        values[renamedField] = .string(text)
        return try ModelRecord.checked(values, layout: layout)
    }

    /// The model screen on this model alone, colours on, as the app starts it.
    func screen(width: Int, height: Int) throws -> BrowserState {
        var layouts: [String: RecordLayout] = [:]
        for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
        var state = BrowserState(schema: schema, layouts: layouts, access: [:], backend: "local · API key", initialModel: name)
        state.colorEnabled = true
        _ = state.reduce(.resized(width: width, height: height), now: .now)
        return state
    }

    /// A plausible transaction, the n-th: every optional field set on most records, not all.
    static func transaction(_ n: Int, layout: RecordLayout) -> ModelRecord {
        let words = ["Weekly", "shop", "rent", "coffee", "train", "books", "market", "repairs", "gift", "bonus"]
        let stamp = String(format: "2024-05-01T%02d:%02d:%02d.%03dZ", n / 3_600_000 % 24, n / 60_000 % 60, n / 1000 % 60, n % 1000)
        var values: [String: ModelValue] = [
            "description": .string("\(words[n % 10].capitalized) \(words[n / 10 % 10]) \(n)"),
            "amount": .float(Double(n % 100_000) / 100), "kind": .enumValue(n % 3 == 0 ? "INCOME" : "EXPENSE"),
            "date": .string(String(format: "2026-%02d-%02d", n % 12 + 1, n % 28 + 1)), "createdAt": .string(stamp),
            "updatedAt": .string(stamp), "categoryId": .string(UUIDBits.text(high: UInt64(n % 500), low: 7)),
        ]
        if n % 6 != 0 { values["quantity"] = .int(Int64(n % 1000)) }
        if n % 5 != 0 { values["bookedAt"] = .string(stamp) }
        if n % 4 != 0 { values["tags"] = .list((0..<(n % 3 + 1)).map { .string(words[($0 + n) % 10]) }) }
        return ModelRecord(layout: layout, key: RecordKey(UUIDBits.text(high: UInt64(n) &* 0x9E37_79B9, low: UInt64(n))), values: values, version: 1)
    }
}
