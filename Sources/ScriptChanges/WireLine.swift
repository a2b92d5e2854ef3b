import AmplifyModels
import JSONValues

/// A record as one NDJSON line in its wire form, what a script reads back: every field the
/// records hold in the model's order (not relations), each as AppSync's JSON carries it, then
/// `_version`, `_deleted` and `_lastChangedAt` on the versioned dialect.
public enum WireLine {
    public static func text(_ record: ModelRecord, versioned: Bool) -> String {
        let layout = record.layout
        var members: [String] = []
        for (index, field) in layout.fields.enumerated() where !field.type.isModel {
            let value = record[field.name] ?? .null
            members.append(JSONValue.string(field.name).jsonText + ":" + layout.codecs[index].json(value).jsonText)
        }
        if versioned {
            members.append("\"_version\":\(record.version)")
            members.append("\"_deleted\":\(record.isDeleted)")
            if let changed = record.lastChangedAt { members.append("\"_lastChangedAt\":\(changed)") }
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
