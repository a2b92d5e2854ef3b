import Foundation

/// One message of AppSync's realtime protocol (`graphql-ws` subprotocol), as it
/// arrives: only the fields the client acts on are read.
struct RealtimeMessage: Decodable {
    let type: String
    let id: String?
    let payload: JSONValue?

    /// `connection_ack`'s `connectionTimeoutMs`: the socket is dead after this long without a message.
    var connectionTimeout: Duration? {
        guard case .int(let milliseconds)? = payload?["connectionTimeoutMs"], milliseconds > 0 else { return nil }
        return .milliseconds(milliseconds)
    }

    /// The first error's message and type, for `error` and `connection_error`.
    var errorDescription: (message: String, type: String?) {
        guard case .array(let errors)? = payload?["errors"], let first = errors.first else {
            return ("the realtime server sent an error", nil)
        }
        let message = if case .string(let text)? = first["message"] { text } else { "the realtime server sent an error" }
        let type = if case .string(let text)? = first["errorType"] { text } else { String?.none }
        return (message, type)
    }

    static func decode(_ text: String) -> RealtimeMessage? {
        try? JSONDecoder().decode(RealtimeMessage.self, from: Data(text.utf8))
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
