import PropertyRules

extension AmplifyModel {
    /// The sample's model, `a.model({ name: a.string().required(), address: a.string() })`, as
    /// Amplify describes it: `id` added as its key, `createdAt` and `updatedAt` added read-only.
    /// No auth rules: the sample is reached with whichever mode the app is given. Its name and
    /// address are as long as the sample's server takes (`PropertyLimits`): the form stops there.
    public static let realEstateProperty = AmplifyModel(
        name: "RealEstateProperty", pluralName: "RealEstateProperties",
        fields: [
            ModelField(name: "id", type: .scalar(.id), isRequired: true),
            ModelField(name: "name", type: .scalar(.string), isRequired: true, maximumLength: PropertyLimits.maximumNameLength),
            ModelField(name: "address", type: .scalar(.string), maximumLength: PropertyLimits.maximumAddressLength),
            ModelField(name: "createdAt", type: .scalar(.awsDateTime), isReadOnly: true),
            ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true),
        ],
        primaryKey: .id)
}

extension ModelSchema {
    /// The sample alone.
    public static let realEstateProperty = ModelSchema(models: [.realEstateProperty])
}
