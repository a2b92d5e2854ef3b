import AmplifyModels
import ScreenValues

/// One field of a record edited where it is shown (`r`: the model's display field, in its row
/// of the list or its line of the detail), as the sample renames a property: typed over the
/// value shown, checked by the field's type on ⏎, never sent unchecked.
///
/// The record may change under the field while it is open (another writer, through live sync):
/// `notice` says so once, and the first ⏎ after it asks again instead of saving over a value the
/// user never saw; a second ⏎ saves. A record deleted meanwhile leaves the field as typed; the
/// caller decides what ⏎ does then. One that comes back is edited again, as before it went.
public struct InPlaceEdit: Sendable {
    public let key: RecordKey
    public let field: ModelField
    private let codec: FieldValueCodec
    /// The value as the field opened with it, as text: what a change elsewhere is measured against.
    public let original: String
    /// The record as it was when the field opened, and its name then, for messages.
    public let record: ModelRecord
    public let recordName: String

    /// The name as messages and labels say it: cut at 32 characters, so that what happened and
    /// what ⏎ and Esc do still fit on the line after a long one (`m` keeps messages whole).
    public var shortName: String { ShortName.of(recordName) }
    var input: TextInput
    /// The value another writer gave the field while it was open, once it came.
    public private(set) var theirs: String?
    /// Whether ⏎ has been pressed once since their change: the next saves over it.
    public private(set) var overwriteAsked = false
    /// Whether the record went from the list while the field was open.
    public private(set) var isGone = false
    /// Whether the server never confirmed the record (`ModelRecord.isNeverConfirmed`), as last
    /// seen: gone, it was a refused create, not a record deleted elsewhere.
    public private(set) var wasNeverConfirmed: Bool

    /// Why the record went, for a label: "deleted elsewhere", or "refused by the server".
    public var goneCause: String { ModelRecord.goneCause(neverConfirmed: wasNeverConfirmed) }

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        case editing
        case cancelled
        /// Not saved: why, for the status line (a wrong value, their change to see first, a paste).
        case refused(String)
        /// ⏎ with a value of the field's type that differs from the record's.
        case submitted(ModelValue)
        /// ⏎ with the value the record holds already.
        case unchanged
    }

    /// An edit of `record`'s `fieldName`; nil when that field cannot be typed in one line (a
    /// list, a custom type, a key, a field only the server writes).
    public init?(record: ModelRecord, named recordName: String, field fieldName: String, schema: ModelSchema) {
        guard let field = record.model.editableFields(for: .update).first(where: { $0.name == fieldName }),
              !field.isList, case .scalar(let scalar) = field.type, scalar != .awsJSON
        else { return nil }
        self.key = record.id
        self.field = field
        self.record = record
        self.recordName = recordName
        codec = FieldValueCodec(field: field, schema: schema)
        original = record[fieldName].map(codec.text) ?? ""
        input = TextInput(original, maximumLength: field.maximumLength)
        wasNeverConfirmed = record.isNeverConfirmed
    }

    public var text: String { input.text }

    /// Editing keys change the text; ⏎ checks it, Esc cancels; a paste goes in whole (one line)
    /// or not at all. Any other key does nothing: nothing typed here reaches the list.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return submit()
        case .escape: return .cancelled
        case .paste(let pasted):
            // A name is one line: a paste that breaks it is refused whole, as the sample's fields do.
            if let refusal = input.paste(pasted, lineBreaks: .refused) { return .refused(refusal.message(noun: field.name)) }
            return .editing
        default:
            if input.edit(key) == .full { return .refused(TextInput.fullMessage(noun: field.name, holds: input.maximumLength)) }
            return .editing
        }
    }

    private mutating func submit() -> Outcome {
        let value: ModelValue
        do throws(ValueError) {
            value = try codec.value(typed: input.text)
        } catch {
            return .refused("\(field.name): \(error)")
        }
        if let theirs, !overwriteAsked, codec.text(value) != theirs {
            overwriteAsked = true
            return .refused("“\(theirs)” came from elsewhere while you typed. ⏎ again saves yours over it; Esc keeps theirs.")
        }
        let current = isGone ? nil : (theirs ?? original)
        return codec.text(value) == current ? .unchanged : .submitted(value)
    }

    /// The record as the list holds it now (nil: gone). A message when it changed under the field:
    /// said once per change.
    public mutating func notice(_ now: ModelRecord?) -> String? {
        guard let now else {
            guard !isGone else { return nil }
            isGone = true
            let what = wasNeverConfirmed ? "The server refused to add “\(shortName)”" : "“\(shortName)” was deleted elsewhere"
            return "\(what) while you typed: ⏎ adds it anew with what you typed, Esc drops it."
        }
        // Back in the list (its delete refused, or undone elsewhere): ⏎ changes that record again,
        // never a copy of it under a new key.
        let cameBack = isGone
        isGone = false
        // Confirmed while the field was open: if it goes later, it was deleted, not refused.
        if wasNeverConfirmed, !now.isNeverConfirmed { wasNeverConfirmed = false }
        let value = now[field.name].map(codec.text) ?? ""
        guard value != (theirs ?? original) else {
            return cameBack ? "“\(shortName)” is back in the list: ⏎ saves your \(field.name) to it, Esc drops what you typed." : nil
        }
        theirs = value
        overwriteAsked = false
        return "Its \(field.name) is now “\(value)”, changed elsewhere while you typed."
    }

    /// The field over a value's place: underlined, the cursor shown, scrolled to keep it in view.
    public func draw(into frame: inout Frame, row: Int, column: Int, width: Int) {
        TextInputView(input: input, hasFocus: true).draw(into: &frame, row: row, column: column, width: width)
    }

    /// The keys a field takes, for the hint line.
    public static let hints: [(key: String, word: String)] = [("⏎", "save"), ("Esc", "cancel")]
}

extension ModelRecord {
    /// The server never confirmed it: a record gone from the list then was a create the server
    /// refused, not a record deleted elsewhere (the sample's rule: the server stamps `createdAt`
    /// on every record it holds; a model without that field is taken to have been deleted).
    public var isNeverConfirmed: Bool { layout.index(of: "createdAt") != nil && createdAt == nil }

    /// Why it went from the list, for messages: "deleted elsewhere" or "refused by the server".
    public var goneCause: String { Self.goneCause(neverConfirmed: isNeverConfirmed) }

    static func goneCause(neverConfirmed: Bool) -> String { neverConfirmed ? "refused by the server" : "deleted elsewhere" }
}
