import AmplifyModels
import ModelBrowser
import OptimisticStore
import SyncEngine

/// The app's screen over the sample's model, as `proptui` runs it with the embedded server:
/// colour off, no rows until the test posts them.
enum SampleScreen {
    static let model = "RealEstateProperty"
    static let layout = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    static func state() -> BrowserState {
        BrowserState(schema: .realEstateProperty, layouts: [model: layout], access: [:], backend: "local · API key", initialModel: model)
    }

    /// A property as the server confirmed it (`created`), or one made here and not sent yet (nil).
    static func row(
        _ key: String, _ name: String, address: String? = nil, created: String?, status: RowStatus = .synced
    ) -> RecordRow<ModelRecord> {
        var values: [String: ModelValue] = ["name": .string(name)]
        if let address { values["address"] = .string(address) }
        if let created { values["createdAt"] = .string(created) }
        return RecordRow(ModelRecord(layout: layout, key: RecordKey(key), values: values, version: created == nil ? 0 : 1), status: status)
    }

    /// One of the sample's list events, for the mailbox.
    static func list(_ event: RecordListEvent<ModelRecord>) -> BrowserAction { .list(model: model, event) }
}
