import AmplifyModels
import Foundation
import JSONValues

/// The models `proptui serve --models FILE` serves: read from an `amplify_outputs.json` (its
/// `data.model_introspection`) or a file holding that object alone, with the object's own text
/// kept for the sandbox's outputs (so its models and fields keep their order there).
public struct ServedModels: Sendable {
    public let schema: ModelSchema
    /// `model_introspection` as the file wrote it.
    public let introspectionText: [UInt8]
    /// Rules of text fields beyond their types, by model, then field (`TextRule`).
    var textRules: [String: [String: TextRule]] = [:]
    /// What a new store is seeded with unless told not to, by model.
    var samples: [String: [[String: JSONValue]]] = [:]

    /// Reads a models file; a file that is not one is an error naming what is wrong and where.
    public init(file data: Data) throws(ModelsServingError) {
        do {
            schema = try ModelIntrospectionReader.read(data)
        } catch {
            throw .unreadable(error.description)
        }
        guard !schema.models.isEmpty else { throw .noModels }
        for model in schema.models {
            if let reason = model.readOnlyReasons.first { throw .unservable(model: model.name, reason: reason) }
        }
        introspectionText = (try? Self.introspectionText(data)) ?? Array(data)
    }

    public init(schema: ModelSchema, introspectionText: [UInt8]) {
        self.schema = schema
        self.introspectionText = introspectionText
    }

    /// The sample (`RealEstateProperty`), with the app's rules for its name and address and
    /// the handful of properties a new store starts with. Its fields come in each dialect's
    /// order: Gen 2's data-schema hands the transformer `name` and `address`, which adds `id`,
    /// `createdAt` and `updatedAt` after them (`Resources/schema-gen2.graphql`).
    static func sample(limits: ServerLimits, dialect: ServedDialect) -> ServedModels {
        var model = AmplifyModel.realEstateProperty
        if dialect == .gen2 {
            let order = ["name", "address", "id", "createdAt", "updatedAt"]
            model.fields.sort { (order.firstIndex(of: $0.name) ?? order.count) < (order.firstIndex(of: $1.name) ?? order.count) }
        }
        var sample = ServedModels(schema: ModelSchema(models: [model]), introspectionText: [])
        sample.textRules["RealEstateProperty"] = [
            "id": TextRule(keyBytes: 256),
            "name": TextRule(nonBlank: true, maxLength: limits.maxNameLength, plainText: true),
            "address": TextRule(maxLength: limits.maxAddressLength, plainText: true),
        ]
        sample.samples["RealEstateProperty"] = sampleProperties.map { name, address in
            // A sample without an address never wrote one: the attribute is absent.
            ["name": .string(name)].merging(address.map { ["address": .string($0)] } ?? [:]) { $1 }
        }
        return sample
    }

    /// The sample properties a new store is seeded with, some with non-ASCII names.
    static let sampleProperties: [(name: String, address: String?)] = [
        ("東京タワー アパート", "4-2-8 Shibakoen, Minato-ku, Tokyo"),
        ("Café Müller", "Hauptstraße 12, 10827 Berlin"),
        ("Maison Lumière", "7 Rue de Rivoli, 75001 Paris"),
        ("Harbour View Loft", "21 Circular Quay, Sydney NSW 2000"),
        ("Casa São João", "Rua Augusta 101, Lisboa"),
        ("Sunset Bungalow", nil),
    ]

    /// The schema Amplify's transformer generates for the models: Gen 2, or with conflict
    /// detection (DataStore's) for the versioned dialect.
    func sdl(_ dialect: ServedDialect) -> String {
        TransformerSDL.text(schema, dialect: dialect == .versioned ? .versioned : .plain)
    }

    /// `data.model_introspection`'s text, or the whole text when it is that object itself.
    private static func introspectionText(_ data: Data) throws(JSONReadError) -> [UInt8] {
        try JSONReader.read(data) { reader throws(JSONReadError) in
            var text: [UInt8]?
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key == "data" else { return try reader.skipValue() }
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key == "model_introspection" { text = try reader.readRawValue() } else { try reader.skipValue() }
                }
            }
            return text ?? Array(data)
        }
    }
}

/// Why `serve --models` cannot serve a file.
public enum ModelsServingError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case noModels
    /// A model whose fields or key this server cannot store (an unknown type, a missing key field).
    case unservable(model: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "the models file cannot be read: \(reason)"
        case .noModels: "the models file describes no models"
        case .unservable(let model, let reason): "the model \(model) cannot be served: \(reason)"
        }
    }
}
