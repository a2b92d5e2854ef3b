import JSONValues

extension ModelRecord {
    /// The record as the API's items carry it (a list's `items`, a mutation's answer): every field
    /// it holds, each value as its type travels (`FieldValueCodec.json`), and with `versioned`
    /// the versioned dialect's `_version`, `_deleted` and `_lastChangedAt`. One line of JSON (its
    /// keys sorted), as a line of NDJSON: what `y` copies of marked rows.
    public func wireJSON(versioned: Bool) -> String {
        var object: [String: JSONValue] = [:]
        for (index, field) in layout.fields.enumerated() {
            object[field.name] = layout.codecs[index].json(value(at: index))
        }
        if versioned {
            object["_version"] = .int(Int64(version))
            object["_deleted"] = .bool(isDeleted)
            object["_lastChangedAt"] = lastChangedAt.map(JSONValue.int) ?? .null
        }
        return JSONValue.object(object).jsonText
    }
}
