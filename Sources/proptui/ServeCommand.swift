import ArgumentParser
import Foundation
import LocalAppSync

/// `proptui serve`: the embedded AppSync-compatible server on its own, for several terminals
/// or any AppSync client to share.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the embedded AppSync-compatible server (GraphQL over HTTP + realtime WebSocket).",
        discussion: """
            Prints the GraphQL URL, the realtime URL and the API key when ready, logs one line \
            per request to standard error, and stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
            """)

    @Option(help: "Address to listen on. Anything but loopback needs --api-key.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 20002

    @Option(name: .customLong("data-dir"), help: "Where the SQLite file and the generated API key live.")
    var dataDirectory = Serve.defaultDataDirectory

    @Option(name: .customLong("api-key"), help: "The API key clients must send (default: generated once and stored in the data directory).")
    var apiKey: String?

    @Option(name: .customLong("conflict-handler"), help: "optimistic (reject stale writes) or automerge.")
    var conflictHandler = "optimistic"

    @Option(parsing: .unconditional, help: "Delay before every GraphQL request is run, like 800ms or 2s.")
    var latency = "0"

    @Option(parsing: .unconditional, help: "Up to this much more delay, at random, like 200ms.")
    var jitter = "0"

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of mutations answered with an injected error.")
    var failRate = 0.0

    @Option(name: .customLong("drop-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of requests whose connection is closed unanswered.")
    var dropRate = 0.0

    @Option(
        name: .customLong("lose-answer-rate"), parsing: .unconditional,
        help: "Fraction (0 to 1) of mutations that are applied, then have their answer lost (the connection is closed).")
    var loseAnswerRate = 0.0

    @Option(name: .customLong("error-rate"), parsing: .unconditional, help: "Fraction (0 to 1) of requests answered 503 Service Unavailable, unapplied.")
    var errorStatusRate = 0.0

    @Flag(help: "Do not seed sample properties into a new data directory.")
    var empty = false

    /// The embedded server's own folder, so `proptui serve` shares the app's data by default.
    static var defaultDataDirectory: String { DataDirectory.server(of: DataDirectory.resolve(nil)) }

    func validate() throws {
        guard ConflictHandler(rawValue: conflictHandler) != nil else {
            throw ValidationError("--conflict-handler must be optimistic or automerge, not “\(conflictHandler)”")
        }
        let rates = [
            ("--fail-rate", failRate), ("--drop-rate", dropRate), ("--lose-answer-rate", loseAnswerRate), ("--error-rate", errorStatusRate),
        ]
        for (name, rate) in rates where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1 (it was \(rate))")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        for (name, text) in [("--latency", latency), ("--jitter", jitter)] {
            do { _ = try DurationParsing.parse(text) } catch { throw ValidationError("\(name): \(error)") }
        }
    }

    func run() async throws {
        let faults: FaultSettings.Values
        do {
            faults = .init(
                latency: try DurationParsing.parse(latency), jitter: try DurationParsing.parse(jitter),
                failRate: failRate, dropRate: dropRate, loseAnswerRate: loseAnswerRate, errorStatusRate: errorStatusRate)
        } catch {
            throw ValidationError("\(error)")
        }
        let configuration = LocalAppSyncConfiguration(
            host: host, port: port, dataDirectory: dataDirectory, apiKey: apiKey,
            conflictHandler: ConflictHandler(rawValue: conflictHandler) ?? .optimistic, faults: faults,
            seedSamples: !empty, requestLogger: .standardError(label: "proptui.serve"))
        // Before the server reads its key or database: a second server on this folder refuses.
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: dataDirectory)
        } catch let inUse as DataDirectoryLock.InUse {
            throw UsageProblem(inUse.description)
        }
        defer { withExtendedLifetime(lock) {} }
        let server: LocalAppSyncServer
        do {
            server = try LocalAppSyncServer(configuration: configuration)
        } catch let error as LocalAppSyncError {
            throw ValidationError(error.description)
        }
        do {
            _ = try await server.start()
        } catch let error as LocalAppSyncError {
            if case .portInUse = error { throw UsageProblem(error.description) }
            throw error
        }
        let banner = """
            GraphQL:  \(server.graphQLURL ?? "")
            Realtime: \(server.realtimeURL ?? "")
            API key:  \(server.apiKey)
            Data:     \(dataDirectory)

            """
        await server.runUntilSignalled {
            // Written unbuffered, so a script reading the banner through a pipe sees it at once.
            FileHandle.standardOutput.write(Data(banner.utf8))
        }
        FileHandle.standardError.write(Data("proptui serve: stopped\n".utf8))
    }
}
