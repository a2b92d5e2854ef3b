import Hummingbird
import NIOCore
import NIOHTTPTypes

/// `--lose-answer-rate`: a response the GraphQL handler marked (after the mutation ran to the
/// end) is never written; the connection is closed instead, as if the answer were lost on the
/// wire. Hummingbird hands a route no way to close its connection, so the route marks its
/// response (`markToLose`) and this handler, which sits between Hummingbird and the HTTP
/// encoder in the channel pipeline and so sees every response before any of it is encoded,
/// does the closing.
/// The marker itself never leaves the server: the whole response is swallowed. The request's
/// log line (`RequestLogMiddleware`) says the answer was lost.
final class LostAnswerHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The header a route sets on a response whose answer is to be lost.
    static let markerName = "x-proptui-lose-answer"

    /// Marks `response` to be lost instead of written.
    static func markToLose(_ response: inout Response) {
        if let name = HTTPFields.Element.Name(markerName) { response.headers.append(.init(name: name, value: "lose-answer-rate")) }
    }

    static func isMarkedToLose(_ fields: HTTPFields) -> Bool {
        fields.contains { $0.name.canonicalName == markerName }
    }

    private var losing = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !losing, case .head(let head) = unwrapOutboundIn(data), Self.isMarkedToLose(head.headerFields) {
            losing = true
            context.close(promise: nil)
        }
        guard !losing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
    }
}
