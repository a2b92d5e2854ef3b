import AmplifyModels
import PropertyBased
import Testing

/// For random models (every kind of field, key, relation and owner rule; `RandomSchema`) and
/// random records of them, in both dialects: the variables written for a record, served by a
/// real server, read back, give the record again, and an update and a delete round trip too.
@Suite struct RecordProperties {
    @Test func randomRecordsOfRandomModelsComeBackFromTheServerAsSent() async {
        await propertyCheck(count: 12, input: Gen.int(in: 0...1_000_000_000), Gen.bool) { seed, versioned in
            let schema = RandomSchema(seed: seed).schemaValue
            let dialect: DocumentDialect = versioned ? .versioned : .plain
            try await RecordServer.with(schema, dialect: dialect) { server in
                for model in schema.models {
                    var trip = RecordRoundTrip(
                        server: server, sync: try server.sync(model), seed: seed &+ model.name.count,
                        context: "seed \(seed) \(model.name) (\(dialect))")
                    var records: [ModelRecord] = []
                    for serial in 0..<3 { records.append(try await trip.create(trip.newRecord(serial: serial))) }
                    let updated = try await trip.update(records[0])
                    try await trip.delete(updated)
                }
            }
        }
    }

    /// Values of every type written into a record's block and read back are the values written
    /// (packed UUIDs and times, JSON, lists, nulls), with no server in between, and so are they
    /// through the bytes a cache row keeps (`storedBytes`).
    @Test func valuesStoredInARecordReadBackAsWritten() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let schema = RandomSchema(seed: seed).schemaValue
            var random = RandomValues(seed: seed)
            for model in schema.models {
                let layout = try RecordLayout(model: model, schema: schema)
                var values: [String: ModelValue] = [:]
                for field in layout.fields { values[field.name] = random.value(for: field, schema: schema) }
                for name in model.primaryKey.fields where RecordKey.Part(values[name]!) == nil { values[name] = .string("k") }
                let key = try #require(RecordKey(values: values, of: model))
                let record = ModelRecord(layout: layout, key: key, values: values, version: 7, lastChangedAt: 9)
                let expected = layout.fields.map { values[$0.name]! }
                #expect(record.values == expected, "seed \(seed)")
                #expect(ModelRecord(layout: layout, key: key, values: record.valuesByName, version: 7, lastChangedAt: 9) == record)
                // As a cache row keeps it: every kind of key (UUIDs packed, enums, numbers, composite).
                let stored = record.storedBytes.withUnsafeBytes {
                    ModelRecord(layout: layout, storedBytes: $0, version: 7, isDeleted: false, lastChangedAt: 9)
                }
                #expect(stored == record, "seed \(seed): \(model.primaryKey.fields)")
            }
        }
    }
}

extension RandomSchema {
    /// The schema of this seed (`schema()` is mutating).
    var schemaValue: ModelSchema {
        var copy = self
        return copy.schema()
    }
}
