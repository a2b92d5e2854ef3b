import Hummingbird
import Logging

/// One line per request: method, path (never the query string: the realtime URL carries the
/// API key in its `header` parameter), status (or "answer lost") and duration. Headers are never logged.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            let outcome = LostAnswerHandler.isMarkedToLose(response.headers) ? "answer lost (lose-answer-rate)" : "\(response.status.code)"
            log(request, outcome: outcome, since: started)
            return response
        } catch {
            log(request, outcome: "\((error as? any HTTPResponseError)?.status.code ?? 500)", since: started)
            throw error
        }
    }

    /// `outcome` is the status code, or what became of an answer that was never sent.
    private func log(_ request: Request, outcome: String, since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let upgrade = request.headers[.upgrade] != nil ? " (websocket upgrade)" : ""
        logger.info("\(request.method) \(request.uri.path) \(outcome) \(String(format: "%.1f", milliseconds))ms\(upgrade)")
    }
}
