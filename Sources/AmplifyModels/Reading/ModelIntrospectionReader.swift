import JSONValues
import Foundation

/// Reads the models of a Gen 2 backend from its `amplify_outputs.json` (`data.model_introspection`),
/// or from that object alone (Gen 1's `schema.js` object has the same shape).
///
/// What is malformed (a wrong kind of value, a missing name, a name that is not a GraphQL name)
/// is an error that names its path. What is merely unknown is kept: extra keys are ignored, and
/// a field type, a key or an auth provider the app does not know leaves the model readable and
/// read-only, with the reason (`AmplifyModel.readOnlyReasons`).
public enum ModelIntrospectionReader {
    public static func read(_ data: Data, limits: DescriptionLimits = DescriptionLimits()) throws(ModelDescriptionError) -> ModelSchema {
        try DescriptionText.read(data, what: "the file", limits: limits) { reader throws(JSONReadError) in try readRoot(&reader) }
    }

    /// A whole outputs file, or its `model_introspection` object alone.
    static func readRoot(_ reader: inout JSONReader) throws(JSONReadError) -> ModelSchema {
        // The root's own members, should it be a model_introspection object itself. An outputs
        // file has a `version` of its own ("1.4"), checked only when the root is not one.
        var bare = IntrospectionParts(checksVersion: false)
        var sawData = false
        var fromData: IntrospectionParts?
        try reader.readUniqueObject { reader, key throws(JSONReadError) in
            guard key == "data" else { return try bare.read(key, from: &reader) }
            sawData = true
            fromData = try reader.readOptional { reader throws(JSONReadError) in
                var found: IntrospectionParts?
                try reader.readUniqueObject { reader, key throws(JSONReadError) in
                    guard key == "model_introspection" else { return try reader.skipValue() }
                    found = try reader.readOptional { reader throws(JSONReadError) in
                        var parts = IntrospectionParts(checksVersion: true)
                        try reader.readUniqueObject { reader, key throws(JSONReadError) in try parts.read(key, from: &reader) }
                        return parts
                    }
                }
                return found
            } ?? nil
        }
        if sawData {
            guard let fromData else {
                throw descriptionProblem("model_introspection is missing: the backend's outputs describe no data models").within(.key("data"))
            }
            do {
                return try fromData.schema()
            } catch {
                throw error.within(.key("model_introspection")).within(.key("data"))
            }
        }
        guard bare.models != nil else {
            throw descriptionProblem("neither data.model_introspection (an amplify_outputs.json) nor models (a model_introspection object)")
        }
        if let version = bare.version {
            do {
                try IntrospectionParts.check(version: version)
            } catch {
                throw error.within(.key("version"))
            }
        }
        return try bare.schema()
    }
}

/// The members of a `model_introspection` object, read in any order.
struct IntrospectionParts {
    let checksVersion: Bool
    var version: [UInt8]?
    var enums: [GeneratedNames.Entry<ModelEnum>] = []
    var nonModels: [GeneratedNames.Entry<NonModelType>] = []
    var models: [GeneratedNames.Entry<AmplifyModel>]?

    init(checksVersion: Bool) {
        self.checksVersion = checksVersion
    }

    /// Reads the member `key` if it is one of the object's, and skips it otherwise.
    mutating func read(_ key: JSONReader.Key, from reader: inout JSONReader) throws(JSONReadError) {
        switch key.description {
        case "version":
            let raw = try reader.readRawValue()
            if checksVersion { try Self.check(version: raw) }
            version = raw
        case "enums":
            enums = try reader.readMembers { reader, key throws(JSONReadError) in .init(key: key, value: try Self.enumeration(&reader, key: key)) }
        case "nonModels":
            nonModels = try reader.readMembers { reader, key throws(JSONReadError) in .init(key: key, value: try Self.nonModel(&reader, key: key)) }
        case "models":
            models = try reader.readMembers { reader, key throws(JSONReadError) in .init(key: key, value: try ModelEntry.model(&reader, key: key)) }
        default: try reader.skipValue()
        }
    }

    static func check(version raw: [UInt8]) throws(JSONReadError) {
        guard raw == Array("1".utf8) else {
            throw descriptionProblem("version \(String(decoding: raw, as: UTF8.self)) of model_introspection is not known (1 is)")
        }
    }

    /// The schema, once the names the API generated for it would declare are known not to collide.
    func schema() throws(JSONReadError) -> ModelSchema {
        let models = try required(models, "models")
        try GeneratedNames.check(models: models, enums: enums, nonModels: nonModels)
        var schema = ModelSchema(
            models: models.map(\.value), enums: Dictionary(uniqueKeysWithValues: enums.map { ($0.value.name, $0.value) }),
            nonModels: Dictionary(uniqueKeysWithValues: nonModels.map { ($0.value.name, $0.value) }))
        schema.noteUndescribedTypes()
        return schema
    }

    /// `{name?, values}`.
    static func enumeration(_ reader: inout JSONReader, key: String) throws(JSONReadError) -> ModelEnum {
        var name: String?
        var values: [String]?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "name": name = try reader.readOptionalName()
            case "values": values = try reader.readList { reader throws(JSONReadError) in try reader.readName() }
            default: try reader.skipValue()
            }
        }
        return ModelEnum(name: try entryName(name, key: key), values: try required(values, "values"))
    }

    /// `{name?, fields}`.
    static func nonModel(_ reader: inout JSONReader, key: String) throws(JSONReadError) -> NonModelType {
        var name: String?
        var fields: [ModelField]?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "name": name = try reader.readOptionalName()
            case "fields": fields = try reader.readMembers { reader, _ throws(JSONReadError) in try FieldEntry.field(&reader) }
            default: try reader.skipValue()
            }
        }
        return NonModelType(name: try entryName(name, key: key), fields: try required(fields, "fields"))
    }
}

/// An entry's `name`, or (when it does not repeat it) its key, which must then be a name too.
func entryName(_ name: String?, key: String) throws(JSONReadError) -> String {
    if let name { return name }
    guard GraphQLName.isValid(key) else { throw descriptionProblem("\(DescriptionText.quoted(key)) is not a GraphQL name") }
    return key
}
