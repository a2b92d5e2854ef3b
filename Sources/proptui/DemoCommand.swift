import ArgumentParser
import Demo
import Foundation
import LocalAppSync
import Logging

/// `proptui demo TAPE`: plays a tape against a fresh embedded server, with the app in a
/// pseudo-terminal this process owns, and writes what the app drew as an asciicast v2 file.
/// A tape's `Expect` and `Wait` lines make it a test: any that fails fails the command.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a demo tape against a fresh embedded server and record it (asciicast v2).",
        discussion: """
            The tape format (vhs's commands plus Server, Wait and Expect) is described in \
            docs/demo-tapes.md; Resources/demo/ holds the project's tapes, and \
            Scripts/make-demos.sh turns their recordings into pictures. Each run starts from \
            a new temporary data folder with the sample properties, so the same tape draws \
            the same screens. The tape's Expect, ExpectNot and Wait lines are checks: the \
            command fails (exit status 1) at the first that does not hold, and says why.
            """)

    @Argument(help: "The tape to play, like Resources/demo/optimistic-create.tape.")
    var tape: String

    @Option(name: .shortAndLong, help: "Where to write the recording (default: the tape's Output, else the tape's name with .cast).")
    var output: String?

    @Option(help: ArgumentHelp(
        "The embedded server's port (0: any free one). Default: the first free one from \(DemoServer.ports.lowerBound), so the header, which names it, is the same on every run.",
        valueName: "port"))
    var port: Int?

    /// The tape is read here, not in `run()`: a bad line is a usage error of `proptui demo`,
    /// said with its usage (64) before anything starts.
    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535 (it was \(port))") }
        _ = try readTape()
    }

    private var tapeURL: URL { URL(fileURLWithPath: (tape as NSString).expandingTildeInPath) }

    private func readTape() throws(ValidationError) -> Tape {
        let text: String
        do {
            text = try String(contentsOf: tapeURL, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read the tape \(tape): \((error as NSError).localizedDescription)")
        }
        do {
            return try Tape.parse(text)
        } catch {
            throw ValidationError("\(tape): \(error)")
        }
    }

    mutating func run() async throws {
        let tapeURL = self.tapeURL
        let parsed = try readTape()
        let castPath = output ?? parsed.output.map { tapeURL.deletingLastPathComponent().appendingPathComponent($0).path }
            ?? tapeURL.deletingPathExtension().appendingPathExtension("cast").path

        let work = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let sink = try FileLogHandler.Sink(path: work + "/server.log")
        // A tape of your own models: the server serves them and the app shows them.
        let modelsPath = parsed.models.map { tapeURL.deletingLastPathComponent().appendingPathComponent($0).path }
        let models = try modelsPath.map { path throws(UsageProblem) in try ModelsFile.served(path) }
        guard parsed.seed == 0 || models != nil else { throw UsageProblem("\(tape): Set Seed goes with Set Models (the sample seeds its own)") }
        let server = DemoServer(
            dataDirectory: work + "/server",
            logger: Logger(label: "proptui.demo.server") { FileLogHandler(label: $0, sink: sink) }, models: models, seed: parsed.seed)
        do {
            try await server.start(on: port)
        } catch let error as LocalAppSyncError {
            guard case .portInUse = error, let port else { throw error }
            throw UsageProblem("--port \(port) is in use: choose another, --port 0 for any free one, or leave --port out for the first free one from \(DemoServer.ports.lowerBound)")
        }
        let port = await server.port
        let program = DemoProgram(
            executable: try Self.ownExecutable(),
            arguments: ["app", "--endpoint", "http://127.0.0.1:\(port)/graphql", "--data-dir", work + "/app",
                        "--log-file", work + "/app.log"] + (modelsPath.map { ["--models", $0] } ?? [])
                + (parsed.sync.map { ["--sync", $0] } ?? []),
            environment: Self.environment(apiKey: await server.apiKey, idleFile: work + "/idle"),
            idleFile: work + "/idle")
        let result: TapePlayer.Result
        do {
            result = try await TapePlayer(tape: parsed, program: program) { try await server.apply($0) }.play()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        try result.recording.encoded().write(toFile: castPath, atomically: true, encoding: .utf8)
        if let failure = result.failure {
            FileHandle.standardError.write(Data("proptui demo: \(tape) failed at \(failure)\nproptui demo: the recording so far is in \(castPath)\n".utf8))
            throw ExitCode.failure
        }
        print("proptui demo: \(tape): \(parsed.steps.count) steps, \(result.checksPassed) checks passed; wrote \(castPath)")
    }

    /// A new folder of our own (owner-only) for this run's data, log and idle file.
    private static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/proptui-demo-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw ValidationError("cannot make a temporary folder in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The app is this very binary, run as `proptui app`.
    private static func ownExecutable() throws -> String {
        do {
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw ValidationError("cannot find proptui's own executable: \((error as NSError).localizedDescription)")
        }
    }

    /// The app's environment: this one, with a fixed terminal, a UTF-8 locale, colours on, and
    /// the key passed the way that keeps it out of the process list, and none of the app's own settings.
    private static func environment(apiKey: String, idleFile: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("PROPTUI_") && !key.hasPrefix("LC_")
                && !["NO_COLOR", "COLUMNS", "LINES", "TERMINFO"].contains(key)
        }
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["PROPTUI_API_KEY"] = apiKey
        environment["PROPTUI_IDLE_FILE"] = idleFile
        environment["PROPTUI_FIXED_CLOCK"] = "09:41"  // the same screens on every run
        return environment
    }
}
