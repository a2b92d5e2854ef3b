import Foundation
import Subprocess

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

    /// More than any token needs (a JWT is a few KB); a command that prints more is not
    /// printing a token.
    static let outputLimit = 64 * 1024

    static func run(_ command: String) async throws(AuthorizationFailure) -> String {
        // Not Foundation's `Process`: on Linux its `run()` can crash reading /proc/self/fd when
        // many descriptors are open. Subprocess waits without holding a thread.
        let result: ExecutionResult<Void, StringOutput<UTF8>, DiscardedOutput>
        do {
            result = try await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", command], input: .none, output: .string(limit: outputLimit),
                error: .discarded)
        } catch let error as SubprocessError where error.code == .outputLimitExceeded {
            throw AuthorizationFailure("the token command printed more than \(outputLimit / 1024) KB: not a token")
        } catch {
            throw AuthorizationFailure("the token command could not start: \(error)")
        }
        guard result.terminationStatus.isSuccess else {
            throw AuthorizationFailure("the token command failed (\(Self.describe(result.terminationStatus)))")
        }
        let token = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw AuthorizationFailure("the token command printed no token (one line expected)")
        }
        return token
    }

    private static func describe(_ status: TerminationStatus) -> String {
        switch status {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "ended by signal \(signal)"
        }
    }
}
