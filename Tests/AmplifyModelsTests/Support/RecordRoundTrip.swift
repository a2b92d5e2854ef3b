import AmplifyModels
import Testing

/// One model's records through a real server: made with a value for every field the user may
/// set, created with the variables `ModelRecordSync` writes, read back with `get` and `list`,
/// updated and deleted, each answer compared with what was sent plus the server's own fields.
struct RecordRoundTrip {
    let server: RecordServer
    let sync: ModelRecordSync
    var random: RandomValues
    let context: String

    init(server: RecordServer, sync: ModelRecordSync, seed: Int, context: String) {
        self.server = server
        self.sync = sync
        random = RandomValues(seed: seed)
        random.nullItems = false
        self.context = context
    }

    var layout: RecordLayout { sync.layout }
    var model: AmplifyModel { sync.model }

    /// A new record with a value for every editable field (optional ones too), its key unique by `serial`.
    mutating func newRecord(serial: Int) -> ModelRecord {
        var values: [String: ModelValue] = [:]
        for field in model.editableFields(for: .create) {
            values[field.name] = random.value(for: field, schema: server.schema, allowNull: false)
        }
        for (position, name) in model.primaryKey.fields.enumerated() {
            guard let field = model.field(named: name) else { continue }
            values[name] = keyValue(field, serial: serial, position: position)
        }
        return ModelRecord(layout: layout, key: RecordKey(values: values, of: model)!, values: values)
    }

    private mutating func keyValue(_ field: ModelField, serial: Int, position: Int) -> ModelValue {
        switch field.type {
        case .scalar(.int), .scalar(.awsTimestamp): return .int(Int64(serial * 10 + position))
        case .scalar(.float): return .float(Double(serial) + 0.5)
        case .scalar(.id): return .string(random.chance(70) ? RecordKey.random().text : "Key-\(serial)-\(position)-\(RecordKey.random().text.prefix(8))")
        case .enumeration(let name): return .enumValue(server.schema.enums[name]?.values.first ?? "A")
        default:
            // Text keys of other types take a valid value of their type where the serial cannot go.
            if case .scalar(let scalar) = field.type, scalar != .string { return random.scalar(scalar) }
            return .string("k\(serial)-\(position) é \(RecordKey.random().text.prefix(6))")
        }
    }

    /// A change of every field an update may set, one optional field cleared.
    mutating func newPatch() -> ModelRecordPatch {
        var changes: [String: ModelValue] = [:]
        var cleared = false
        for field in model.editableFields(for: .update) {
            if !cleared, !field.isRequired {
                changes[field.name] = .null
                cleared = true
            } else {
                changes[field.name] = random.value(for: field, schema: server.schema, allowNull: false)
            }
        }
        return ModelRecordPatch(changes)
    }

    /// `sent` with what only the server writes taken from `answer` (the timestamps, the owner,
    /// `_version`, `_lastChangedAt`), after checking that the server did write them.
    func expected(_ sent: ModelRecord, answeredBy answer: ModelRecord, sourceLocation: SourceLocation = #_sourceLocation) -> ModelRecord {
        var expected = sent
        for field in layout.fields where layout.isServerField(field) { expected[field.name] = answer[field.name] }
        expected.version = answer.version
        expected.lastChangedAt = answer.lastChangedAt
        expected.isDeleted = answer.isDeleted
        if layout.index(of: "updatedAt") != nil {
            #expect(answer.updatedAt != nil && answer.createdAt != nil, "\(context): the server's times", sourceLocation: sourceLocation)
        }
        if server.dialect == .plain {
            #expect(!answer.hasServerVersion || answer.version == 0, "\(context): a plain record's version is its updatedAt", sourceLocation: sourceLocation)
        } else {
            #expect(answer.hasServerVersion && answer.lastChangedAt != nil, "\(context)", sourceLocation: sourceLocation)
        }
        return expected
    }

    /// Create, get, list: each answer is what was sent plus the server's fields. Answers the created record.
    mutating func create(_ sent: ModelRecord) async throws -> ModelRecord {
        let created = try #require(try await server.create(sent, sync), "\(context): create answered no record")
        let expected = expected(sent, answeredBy: created)
        #expect(created == expected, "\(context): created\n  \(created)\nexpected\n  \(expected)")
        if server.dialect == .versioned { #expect(created.version == 1, "\(context)") }
        let read = try await server.get(sent.id, sync)
        #expect(read == created, "\(context): get answered\n  \(String(describing: read))\nnot\n  \(created)")
        let listed = try await server.list(sync).first { $0.id == sent.id }
        #expect(listed == created, "\(context): list answered\n  \(String(describing: listed))\nnot\n  \(created)")
        return created
    }

    /// An update of `base`: the answer is `base` with the patch laid over it plus the server's fields.
    mutating func update(_ base: ModelRecord) async throws -> ModelRecord {
        let patch = newPatch()
        let updated = try #require(try await server.update(base.id, patch, base: base, sync), "\(context): update answered no record")
        let expected = expected(base.applying(patch), answeredBy: updated)
        #expect(updated == expected, "\(context): updated\n  \(updated)\nexpected\n  \(expected)")
        #expect(updated.version > base.version, "\(context): a write moves the version on")
        #expect(try await server.get(base.id, sync) == updated, "\(context): get after the update")
        return updated
    }

    /// A delete of `base`: the answer is the record as it was (a tombstone one version on, on the
    /// versioned dialect); afterwards `get` answers nothing (plain) or the tombstone (versioned).
    mutating func delete(_ base: ModelRecord) async throws {
        let deleted = try #require(try await server.delete(base.id, base: base, sync), "\(context): delete answered no record")
        #expect(deleted.id == base.id, "\(context)")
        let after = try await server.get(base.id, sync)
        if server.dialect == .versioned {
            #expect(deleted.isDeleted && deleted.version == base.version + 1, "\(context): the tombstone")
            #expect(after == deleted, "\(context): get answers the tombstone")
        } else {
            #expect(deleted == base, "\(context): the plain delete answers the item as it was")
            #expect(after == nil, "\(context): gone")
        }
    }
}
