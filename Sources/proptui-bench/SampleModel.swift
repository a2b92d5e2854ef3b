import AmplifyModels
import AppSync
import ModelBrowser
import SyncEngine

/// The sample as the app runs it: the model `RealEstateProperty` on the model screen, its
/// records `ModelRecord`s in `RecordList`s, as any model's.
enum SampleModel {
    static let name = "RealEstateProperty"
    static let layout = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    /// A property of the bench's catalogue as the app keeps it (a tombstone when `deleted`).
    static func record(_ listing: Listing, deleted: Bool = false) -> ModelRecord {
        var values: [String: ModelValue] = ["name": .string(listing.name)]
        if let address = listing.address { values["address"] = .string(address) }
        if let created = listing.createdAt { values["createdAt"] = .string(Catalog.awsDateTime(created)) }
        if let updated = listing.updatedAt { values["updatedAt"] = .string(Catalog.awsDateTime(updated)) }
        return ModelRecord(
            layout: layout, key: RecordKey(listing.id), values: values, version: listing.version, isDeleted: deleted,
            lastChangedAt: listing.updatedAt.map { $0 * 1_000 })
    }

    /// Its documents and readers in the embedded server's dialect (versioned).
    static let sync = ModelRecordSync(layout: layout, dialect: .versioned, subscriber: nil)

    /// The app's API for the sample's model (the embedded server speaks the versioned dialect).
    static func api(_ client: AppSyncClient, dialect: APIDialect = .versioned) -> AppSyncModelAPI<ModelRecordSync> {
        AppSyncModelAPI(client: client, model: ModelRecordSync(layout: layout, dialect: dialect.documentDialect, subscriber: nil), dialect: dialect)
    }
}
