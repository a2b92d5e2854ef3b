import Foundation

/// OIDC and Lambda authorization: `Authorization: <token>`, the token from a command the user
/// names (`--token-command`, run again when the server refuses the token) or from an
/// environment variable. The command's output is the token; it is never logged.
public actor TokenAuthorizer: RequestAuthorizer {
    public enum Source: Sendable {
        /// Run with `/bin/sh -c`; its standard output, trimmed, is the token.
        case command(String)
        /// A fixed token (from an environment variable).
        case fixed(String)
    }

    public nonisolated let modeDescription: String
    let source: Source
    private var token: String?

    public init(mode: AuthMode, source: Source) {
        modeDescription = mode.displayName
        self.source = source
    }

    public func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)] {
        if let token { return [("Authorization", token)] }
        let fresh: String
        switch source {
        case .fixed(let value): fresh = value
        case .command(let command): fresh = try await Self.run(command)
        }
        token = fresh
        return [("Authorization", fresh)]
    }

    public func renewAfterRefusal() async -> Bool {
        guard case .command = source else { return false }
        token = nil
        return true
    }

    static func run(_ command: String) async throws(AuthorizationFailure) -> String {
        // Waiting for a process blocks its thread: a thread of its own, never one of the few
        // the concurrency pool shares with everything else.
        let result: Result<String, AuthorizationFailure> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: runBlocking(command)) }
            thread.name = "proptui.token-command"
            thread.start()
        }
        return try result.get()
    }

    private static func runBlocking(_ command: String) -> Result<String, AuthorizationFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(AuthorizationFailure("the token command could not start: \(error.localizedDescription)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(AuthorizationFailure("the token command failed (exit status \(process.terminationStatus))"))
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            return .failure(AuthorizationFailure("the token command printed no token (one line expected)"))
        }
        return .success(token)
    }
}
