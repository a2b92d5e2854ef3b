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
