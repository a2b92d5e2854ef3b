/// Every model of a backend, with the enums and custom (non-model) types their fields use.
public struct ModelSchema: Sendable, Hashable, Codable {
    /// In the order of the description (the model picker's order).
    public var models: [AmplifyModel]
    public var enums: [String: ModelEnum]
    public var nonModels: [String: NonModelType]

    public init(models: [AmplifyModel], enums: [String: ModelEnum] = [:], nonModels: [String: NonModelType] = [:]) {
        self.models = models
        self.enums = enums
        self.nonModels = nonModels
    }

    public func model(named name: String) -> AmplifyModel? {
        models.first { $0.name == name }
    }
}

/// An enum of the schema and its values, in their order.
public struct ModelEnum: Sendable, Hashable, Codable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// A custom type (`a.customType`, a `nonModel`): a value made of fields, stored inside its
/// record, shown and edited as JSON.
public struct NonModelType: Sendable, Hashable, Codable {
    public var name: String
    public var fields: [ModelField]

    public init(name: String, fields: [ModelField]) {
        self.name = name
        self.fields = fields
    }
}
