import Foundation
import Synchronization
import Testing
@testable import Demo

/// The player against a stand-in for the app (a shell script in the pseudo-terminal that echoes
/// each key and writes an idle file as proptui does): proptui itself is played by the tapes in
/// `.ci/run`.
@Suite struct TapePlayerTests {
    /// Echoes each byte it reads on the line below its banner, counting keys in the idle file;
    /// prints "changed" when told a server change happened (through a file the test writes).
    private static let echoProgram = """
        stty raw -echo
        printf '\\033[?1049h\\033[?1hsize %s 東\\r\\n' "$(stty size)"
        n=0
        echo "1 idle keys=0" > "$IDLE"
        while c=$(dd bs=1 count=1 2>/dev/null); [ -n "$c" ]; do
            n=$((n + 1))
            if [ "$c" = q ]; then
                printf '\\033[?1049lbye\\r\\n'
                exit 0
            fi
            if [ "$c" = "$(printf '\\033')" ]; then
                printf '<esc>'
            else
                printf '%s' "$c"
            fi
            echo "$((n + 1)) idle keys=$n" > "$IDLE"
        done
        """

    private func play(_ tapeText: String) async throws -> (TapePlayer.Result, [ServerChange]) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("demo-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let program = DemoProgram(
            executable: "/bin/sh", arguments: ["-c", Self.echoProgram],
            environment: ["PATH": "/usr/bin:/bin", "IDLE": work + "/idle", "LANG": "C.UTF-8"], idleFile: work + "/idle")
        let changes = Mutex<[ServerChange]>([])
        let result = try await TapePlayer(tape: try Tape.parse(tapeText), program: program) { change async in
            changes.withLock { $0.append(change) }
        }.play()
        return (result, changes.withLock { $0 })
    }

    @Test func typesWaitsChecksAndRecords() async throws {
        let (result, changes) = try await play("""
            Set Width 40
            Set Height 6
            Set TypingSpeed 1ms
            Wait "size 6 40"
            Type "hello world"
            Expect "hello world"
            Escape
            Wait "<esc>"
            WaitNot "nowhere"
            Server Latency 2s
            Server Offline
            Screenshot still.png
            ExpectNot "goodbye"
            """)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.checksPassed == 5)
        #expect(changes == [.latency(.seconds(2)), .offline])
        #expect(result.screen.contains("hello world<esc>"))
        let output = result.recording.events.filter { $0.kind == .output }.map(\.data).joined()
        #expect(output.contains("size 6 40") && output.contains("東"))
        #expect(result.recording.events.contains { $0.kind == .marker && $0.data == "still.png" })
        #expect(result.recording.events.map(\.time) == result.recording.events.map(\.time).sorted())
    }

    @Test func aFailedExpectStopsTheTapeAndSaysWhereWithTheScreen() async throws {
        let (result, changes) = try await play("""
            Set TypingSpeed 1ms
            Type "abc"
            Expect "abd"
            Server Offline
            """)
        let failure = try #require(result.failure)
        #expect(failure.line == 3 && failure.message.hasPrefix("expected “abd” on the screen (3 keys sent;"))
        #expect(failure.screen.contains("abc"))
        #expect(changes.isEmpty, "nothing after the failure ran")
    }

    @Test func launchStartsTheProgramAgainOnTheSameScreenAfterItQuitOrWasKilled() async throws {
        let (result, _) = try await play("""
            Set TypingSpeed 1ms
            Type "ab"
            Type "q"
            Wait "bye"
            Launch
            Type "cd"
            Wait "cd"
            Kill
            Launch
            Type "ef"
            Expect "ef"
            """)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.checksPassed == 3)
        let output = result.recording.events.map(\.data).joined()
        #expect(output.components(separatedBy: "size ").count == 4, "three starts, one recording")
    }

    @Test func launchWhileTheProgramRunsIsAMistake() async throws {
        let (result, _) = try await play("Launch")
        #expect(result.failure?.message.hasPrefix("proptui is still running: quit it first (Type \"q\") or Kill it") == true)
    }

    @Test func aWaitThatGivesUpFails() async throws {
        let (result, _) = try await play("""
            Wait@300ms "never shown"
            """)
        #expect(result.failure?.message.hasPrefix("gave up waiting for “never shown”") == true)
        #expect(result.checksPassed == 0)
    }
}
