/// What every record of one model shares, worked out once per model rather than per record:
/// which fields a record holds (those the documents select), where each one's value is (a part
/// of the key, or a slot of the record's block), and each field's codec.
///
/// Immutable, and shared by reference: each record's block points at its model's layout, so a
/// record can name its fields and be read and written without the model being passed along.
public final class RecordLayout: Sendable {
    public let model: AmplifyModel
    /// The enums and custom types the fields use.
    public let schema: ModelSchema
    /// The fields a record holds, in the model's order: every scalar, enum and custom-type field,
    /// never a relation (as `ModelDocuments` selects them). Key fields are among them.
    public let fields: [ModelField]
    /// For each of `fields`, where its value is kept.
    let places: [Place]
    /// How many fields are kept in the block (every field not in the key).
    let slotCount: Int
    /// How each field's values are checked, read and written, in `fields`' order.
    public let codecs: [FieldValueCodec]
    /// The same, reading answers (a custom type's place may hold the selection's cut marker):
    /// made once here, not for every value of every page.
    let answerCodecs: [FieldValueCodec]
    private let indexByName: [String: Int]
    /// Each field's name as bytes, then the versioned dialect's `_version`, `_deleted` and
    /// `_lastChangedAt`: what an answer's keys are matched against (`answerIndex`).
    private let answerNames: [[UInt8]]
    /// For each of `fields`, whether the list's filter looks in it: what a person typed or reads,
    /// not an `id` the client generated (the key `id` alone) nor a time the server wrote (read-only).
    public let isSearched: [Bool]
    /// The server's fields kept as the record's metadata, as indices into `fields`.
    let createdAtIndex: Int?
    let updatedAtIndex: Int?
    let ownerIndex: Int?
    /// The key fields' types, in the key's order (what a key's parts are written as).
    let keyTypes: [FieldType]

    enum Place: Sendable, Hashable {
        /// The key's part at this position.
        case key(Int)
        /// The block's value slot at this position.
        case slot(Int)
    }

    /// The layout of `model`'s records; an error when the model cannot have records this app
    /// addresses (a key field missing, or of a kind a key cannot be).
    public init(model: AmplifyModel, schema: ModelSchema) throws(ModelRecordError) {
        self.model = model
        self.schema = schema
        let selection = SelectionSet(nonModels: schema.nonModels)
        let fields = model.fields.filter { !selection.fields([$0]).isEmpty }
        self.fields = fields
        var places: [Place] = []
        var slots = 0
        for field in fields {
            if let part = model.primaryKey.fields.firstIndex(of: field.name) {
                places.append(.key(part))
            } else {
                places.append(.slot(slots))
                slots += 1
            }
        }
        var keyTypes: [FieldType] = []
        for name in model.primaryKey.fields {
            guard let field = fields.first(where: { $0.name == name }) else { throw .unusableKey(model: model.name, field: name) }
            switch field.type {
            case .scalar(.boolean), .scalar(.awsJSON), .nonModel, .model, .unknown: throw .unusableKey(model: model.name, field: name)
            default: if field.isList { throw .unusableKey(model: model.name, field: name) }
            }
            keyTypes.append(field.type)
        }
        self.keyTypes = keyTypes
        self.places = places
        slotCount = slots
        codecs = fields.map { FieldValueCodec(field: $0, schema: schema) }
        let keyIsGenerated = model.primaryKey.fields == ["id"]
        isSearched = fields.map { !$0.isReadOnly && !(keyIsGenerated && $0.name == "id") }
        answerCodecs = codecs.map(\.readingAnswers)
        let indexByName = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.indexByName = indexByName
        answerNames = (fields.map(\.name) + Self.metadataNames).map { Array($0.utf8) }
        createdAtIndex = indexByName["createdAt"]
        updatedAtIndex = indexByName["updatedAt"]
        ownerIndex = model.ownerField.flatMap { indexByName[$0] }
    }

    /// The position in `fields` of the field named `name`; nil when records do not hold it.
    public func index(of name: String) -> Int? { indexByName[name] }

    /// The metadata an answer's record may carry besides its fields: at `fields.count` and after
    /// in `answerIndex`'s numbering.
    static let metadataNames = ["_version", "_deleted", "_lastChangedAt"]

    /// Which of `fields` (or, from `fields.count` on, of `metadataNames`) an answer's key names,
    /// trying first the one after `previous`: an answer writes a record's members in the order its
    /// selection asks for them, which is this order, so a key is most often one comparison, with
    /// no `String` made of it and nothing hashed.
    func answerIndex(of key: UnsafeRawBufferPointer, after previous: Int) -> Int? {
        let count = answerNames.count
        for step in 0..<count {
            let index = (previous + 1 + step) % count
            if answerNames[index].withUnsafeBytes({ $0.elementsEqual(key) }) { return index }
        }
        return nil
    }

    /// The fields only the server writes, kept as a record's metadata: the timestamps, the
    /// owner fields and whatever the description marks read-only.
    public func isServerField(_ field: ModelField) -> Bool {
        field.isReadOnly || AmplifyModel.serverTimestamps.contains(field.name) || model.ownerFields.contains(field.name)
    }

    /// The same layout whether made once or twice for one model.
    func isSame(as other: RecordLayout) -> Bool {
        self === other || (model == other.model && schema == other.schema)
    }
}
