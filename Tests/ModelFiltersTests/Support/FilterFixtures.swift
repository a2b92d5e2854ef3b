import AmplifyModels
import ModelFilters
import Testing

/// The models the filter tests read: `Listing`, one field of every kind a filter compares
/// (keyed by a generated `id`), and `Booking`, a composite key (`venueId`, `day`) with a
/// secondary index.
enum FilterFixtures {
    static let kind = ModelEnum(name: "Kind", values: ["HOUSE", "FLAT", "LOFT"])

    static let listing = AmplifyModel(
        name: "Listing", pluralName: "Listings",
        fields: [
            ModelField(name: "id", type: .scalar(.id), isRequired: true),
            ModelField(name: "name", type: .scalar(.string), isRequired: true),
            ModelField(name: "note", type: .scalar(.string)),
            ModelField(name: "price", type: .scalar(.float)),
            ModelField(name: "rooms", type: .scalar(.int)),
            ModelField(name: "active", type: .scalar(.boolean)),
            ModelField(name: "kind", type: .enumeration("Kind")),
            ModelField(name: "listedOn", type: .scalar(.awsDate)),
            ModelField(name: "seenAt", type: .scalar(.awsDateTime)),
            ModelField(name: "tags", type: .scalar(.string), isList: true, listItemsNullable: false),
            ModelField(name: "kinds", type: .enumeration("Kind"), isList: true, listItemsNullable: false),
            ModelField(name: "scores", type: .scalar(.int), isList: true, listItemsNullable: false),
            ModelField(name: "agentId", type: .scalar(.id)),
            ModelField(name: "email", type: .scalar(.awsEmail)),
            ModelField(name: "visits", type: .scalar(.awsTimestamp)),
            ModelField(name: "extra", type: .scalar(.awsJSON)),
            ModelField(name: "address", type: .nonModel("Address")),
            ModelField(name: "agent", type: .model("Agent"), association: ModelAssociation(kind: .belongsTo, relatedModel: "Agent", targetNames: ["agentId"])),
            ModelField(name: "createdAt", type: .scalar(.awsDateTime), isReadOnly: true),
            ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true),
        ])

    static let agent = AmplifyModel(
        name: "Agent", pluralName: "Agents",
        fields: [
            ModelField(name: "id", type: .scalar(.id), isRequired: true),
            ModelField(name: "name", type: .scalar(.string), isRequired: true),
            ModelField(name: "listings", type: .model("Listing"), isList: true, association: ModelAssociation(kind: .hasMany, relatedModel: "Listing", associatedWith: ["agentId"])),
        ])

    static let booking = AmplifyModel(
        name: "Booking", pluralName: "Bookings",
        fields: [
            ModelField(name: "venueId", type: .scalar(.id), isRequired: true),
            ModelField(name: "day", type: .scalar(.awsDate), isRequired: true),
            ModelField(name: "court", type: .scalar(.int)),
            ModelField(name: "player", type: .scalar(.string)),
            ModelField(name: "createdAt", type: .scalar(.awsDateTime), isReadOnly: true),
            ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true),
        ],
        primaryKey: PrimaryKey(partitionKey: "venueId", sortKeys: ["day"]))

    static let byPlayer = ModelIndex(name: "byPlayer", partitionKey: "player", sortKeys: ["court"], queryField: "bookingsByPlayer")

    static let schema = ModelSchema(
        models: [listing, agent, booking], enums: ["Kind": kind],
        nonModels: ["Address": NonModelType(name: "Address", fields: [ModelField(name: "street", type: .scalar(.string))])])

    static let listingFields = FilterFields(model: listing, schema: schema)
    static let bookingFields = FilterFields(model: booking, schema: schema)

    /// `text` parsed over `Listing`, or a test failure naming the error.
    static func parse(
        _ text: String, _ fields: FilterFields = listingFields, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FilterExpression {
        do {
            return try #require(try FilterParser.parse(text, fields: fields), "\(text) parsed to no filter", sourceLocation: sourceLocation)
        } catch let error as FilterError {
            Issue.record("\(text): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// The error `text` gives over `Listing`; nil (and a test failure) when it parses.
    static func error(_ text: String, _ fields: FilterFields = listingFields, sourceLocation: SourceLocation = #_sourceLocation) -> FilterError? {
        do {
            let parsed = try FilterParser.parse(text, fields: fields)
            Issue.record("\(text) parsed as \(parsed.map(\.description) ?? "nothing")", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    static func clause(_ field: String, _ condition: FilterCondition) -> FilterExpression {
        .clause(FilterClause(field: field, condition: condition))
    }
}
