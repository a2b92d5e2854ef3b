import Testing
@testable import AppSync

/// `--token-command`: the command's one line of output is the token; anything else is a clear
/// refusal that shows nothing the command printed.
@Suite struct TokenCommandTests {
    @Test func theCommandsOneLineIsTheToken() async throws {
        #expect(try await TokenAuthorizer.run("printf '  eyJ.token.sig \\n'") == "eyJ.token.sig")
    }

    @Test(arguments: [
        ("exit 3", "the token command failed (exit status 3)"),
        ("kill -TERM $$", "the token command failed (ended by signal 15)"),
        ("true", "the token command printed no token (one line expected)"),
        ("printf 'secret-one\\nsecret-two\\n'", "the token command printed no token (one line expected)"),
        ("head -c 70000 /dev/zero | tr '\\\\0' x", "the token command printed more than 64 KB: not a token"),
    ])
    func whatIsNotATokenIsRefusedClearly(command: String, reason: String) async {
        await #expect(throws: AuthorizationFailure(reason)) { try await TokenAuthorizer.run(command) }
    }
}
