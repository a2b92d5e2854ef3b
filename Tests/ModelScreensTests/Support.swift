import AmplifyModels
import Foundation
import ModelScreens
import ScreenValues
import Testing

/// The model description fixtures of `AmplifyModelsTests` (real Gen 2 model sets, see their
/// README), read from there rather than copied.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures")

    static let all = ["finance.json", "reading-club.json", "court-bookings.json", "household-budget.json"]

    static func schema(_ name: String) throws -> ModelSchema {
        try ModelIntrospectionReader.read(Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func layout(_ file: String, _ model: String) throws -> RecordLayout {
        let schema = try schema(file)
        let found = try #require(schema.model(named: model), "no model \(model) in \(file)")
        return try RecordLayout(model: found, schema: schema)
    }
}

/// A value of the field's type, made from typed text by its codec (as the form makes them).
func sampleValue(for field: ModelField, schema: ModelSchema, variant: Int = 0) throws -> ModelValue {
    let codec = FieldValueCodec(field: field, schema: schema)
    func item() -> String {
        switch field.type {
        case .scalar(.id): "id-\(variant)"
        case .scalar(.string): "text \(variant)"
        case .scalar(.int), .scalar(.awsTimestamp): "\(42 + variant)"
        case .scalar(.float): "\(12.5 + Double(variant))"
        case .scalar(.boolean): variant % 2 == 0 ? "true" : "false"
        case .scalar(.awsDate): "2026-11-2\(variant % 10)"
        case .scalar(.awsTime): "14:30"
        case .scalar(.awsDateTime): "2026-11-25T14:30:00Z"
        case .scalar(.awsEmail): "name\(variant)@example.com"
        case .scalar(.awsURL): "https://example.com/\(variant)"
        case .scalar(.awsPhone): "+1 206 555 0100"
        case .scalar(.awsIPAddress): "192.0.2.\(variant % 250)"
        case .scalar(.awsJSON): "{\"size\": \(variant)}"
        case .enumeration(let name): schema.enums[name]?.values.first ?? ""
        case .nonModel: "{}"
        case .model, .unknown: ""
        }
    }
    if field.isList { return try codec.value(typedItems: [item(), item()]) }
    return try codec.value(typed: item())
}

/// A record of `layout`'s model with a value in every field it holds (nonModel values may be
/// refused by their required fields: those are left null).
func sampleRecord(_ layout: RecordLayout, variant: Int = 0) -> ModelRecord {
    var values: [String: ModelValue] = [:]
    for field in layout.fields {
        values[field.name] = (try? sampleValue(for: field, schema: layout.schema, variant: variant)) ?? .null
    }
    let key = RecordKey(values: values, of: layout.model) ?? RecordKey("k\(variant)")
    return ModelRecord(layout: layout, key: key, values: values, version: 1)
}

extension Frame {
    /// The frame's lines, trailing blanks cut.
    var lines: [String] {
        plainText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}

extension RecordForm {
    /// Types text, a key per character; the last outcome.
    @discardableResult
    mutating func type(_ text: String) -> FormOutcome {
        var outcome = FormOutcome.editing
        for character in text { outcome = handle(.character(character)) }
        return outcome
    }

    /// Presses keys until one leaves `.editing`; the last outcome.
    @discardableResult
    mutating func press(_ keys: Key...) -> FormOutcome {
        var outcome = FormOutcome.editing
        for key in keys { outcome = handle(key) }
        return outcome
    }

    /// Moves the focus to a field with Tab (it wraps never: from the first field).
    mutating func focus(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<fieldNames.count where focusedField != name { _ = handle(.backTab) }
        for _ in 0..<fieldNames.count where focusedField != name { _ = handle(.tab) }
        #expect(focusedField == name, "could not reach \(name)", sourceLocation: sourceLocation)
    }
}
