import Hummingbird
import HummingbirdWebSocket

/// The routes: `POST /graphql`, the realtime upgrade on `/graphql` and `/graphql/realtime`, and
/// with IAM the guest identity pool on `POST /`.
enum ServerRoutes {
    /// Plain HTTP. A `GET` of the endpoints that is not a WebSocket upgrade is answered as
    /// AppSync answers a request without a body (400 `MalformedHttpRequestException`), not with
    /// the empty 200 the upgrade route would give it.
    static func router(
        http: GraphQLHTTPHandler, identityPool: IdentityPoolEmulator?, configuration: LocalAppSyncConfiguration
    ) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.middlewares.add(RequestLogMiddleware(logger: configuration.requestLogger))
        router.post("graphql") { request, context in try await http.handle(request, context: context) }
        for path in ["graphql", "graphql/realtime"] {
            router.get(RouterPath(path)) { request, context in try await http.handle(request, context: context) }
        }
        if let identityPool {
            // Cognito Identity's JSON 1.1 API lives at the endpoint's root.
            router.post("/") { request, context in try await identityPool.handle(request, context: context) }
        }
        return router
    }

    /// The realtime upgrade, consulted only for requests that ask to upgrade.
    static func realtimeRouter(
        graphQL: AppSyncGraphQL, settings: RealtimeSession.Settings, registry: RealtimeRegistry,
        configuration: LocalAppSyncConfiguration
    ) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.middlewares.add(RequestLogMiddleware(logger: configuration.requestLogger))
        for path in ["graphql", "graphql/realtime"] {
            router.ws(RouterPath(path)) { request, _ in
                // hummingbird-websocket does not negotiate subprotocols itself: echo only
                // `graphql-ws` when offered (never the `header-…` one carrying the key).
                guard RealtimeAuth.offeredSubprotocols(request).contains("graphql-ws") else { return .upgrade([:]) }
                return .upgrade([.secWebSocketProtocol: "graphql-ws"])
            } onUpgrade: { inbound, outbound, context in
                let auth = await RealtimeAuth.check(context.request, authenticator: settings.authenticator)
                let session = RealtimeSession(outbound: outbound, graphQL: graphQL, settings: settings, handshakeAuth: auth)
                guard registry.add(session) else {
                    // The server is stopping: a socket opened now would hold the shutdown open.
                    try? await outbound.close(.goingAway, reason: "server stopping")
                    return
                }
                await session.run(inbound: inbound)
                registry.remove(session)
            }
        }
        return router
    }
}
