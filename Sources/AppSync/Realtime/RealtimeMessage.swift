import Foundation

/// One message of AppSync's realtime protocol (`graphql-ws` subprotocol), as it
/// arrives: only the fields the client acts on are read.
struct RealtimeMessage {
    let type: String
    let id: String?
    /// The payload as it came: read as a tree for the protocol's own messages; of a result, only
    /// its `data` is taken (as text, which its subscriber reads straight into its own type).
    let payload: JSONText?

    /// `connection_ack`'s `connectionTimeoutMs`: the socket is dead after this long without a message.
    var connectionTimeout: Duration? {
        guard case .int(let milliseconds)? = payload?.value?["connectionTimeoutMs"], milliseconds > 0 else { return nil }
        return .milliseconds(milliseconds)
    }

    /// The first error's message and type, for `error` and `connection_error`.
    var errorDescription: (message: String, type: String?) {
        guard case .array(let errors)? = payload?.value?["errors"], let first = errors.first else {
            return ("the realtime server sent an error", nil)
        }
        let message = if case .string(let text)? = first["message"] { text } else { "the realtime server sent an error" }
        let type = if case .string(let text)? = first["errorType"] { text } else { String?.none }
        return (message, type)
    }

    /// A result's `data` (`{"onCreateRealEstateProperty": {…}}`, or `null` when the event
    /// came without its record), as text; nil when the payload has none.
    var resultData: JSONText? {
        try? payload?.read { reader throws(JSONReadError) -> JSONText? in
            var data: JSONText?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key == "data" { data = JSONText(try reader.readRawValue()) } else { try reader.skipValue() }
            }
            return data
        } ?? nil
    }

    static func decode(_ text: String) -> RealtimeMessage? {
        try? JSONReader.read(Array(text.utf8)) { reader throws(JSONReadError) -> RealtimeMessage? in
            var type: String?
            var id: String?
            var payload: JSONText?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key == "type" {
                    type = try reader.readString()
                } else if key == "id" {
                    id = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
                } else if key == "payload" {
                    payload = try reader.readNull() ? nil : JSONText(try reader.readRawValue())
                } else {
                    try reader.skipValue()
                }
            }
            return type.map { RealtimeMessage(type: $0, id: id, payload: payload) }
        } ?? nil
    }

    /// `{"type":"connection_init"}`.
    static let connectionInit = #"{"type":"connection_init"}"#

    /// A `start`: the subscription's query as a JSON *string* in `data`, and the auth beside it.
    static func start(id: String, data: String, authorization: [String: String]) -> String {
        let message: JSONValue = [
            "id": .string(id), "type": "start",
            "payload": ["data": .string(data), "extensions": ["authorization": .object(authorization.mapValues { .string($0) })]],
        ]
        return message.jsonText
    }
}
