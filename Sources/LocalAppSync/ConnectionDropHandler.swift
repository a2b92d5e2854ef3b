import Logging
import NIOCore
import NIOHTTPTypes

/// `--drop-rate`: closes the connection of that fraction of POST requests without answering,
/// as a flaky network would. It sits in the channel pipeline right after HTTP decoding, the
/// only place where a request can be dropped before any response byte is written.
final class ConnectionDropHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let faults: FaultSettings
    private let logger: Logger
    private var dropping = false

    init(faults: FaultSettings, logger: Logger) {
        self.faults = faults
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !dropping else { return }
        if case .head(let head) = unwrapInboundIn(data), head.method == .post, faults.shouldDropRequest() {
            dropping = true
            // The request never reaches the router, so its log line is written here.
            logger.info("\(head.method) \(head.path?.split(separator: "?").first ?? "") dropped (drop-rate)")
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
