import Testing
@testable import Demo

@Suite struct TapeTests {
    @Test func readsVhsCommandsAndProptuiOnes() throws {
        let tape = try Tape.parse("""
            # A comment, then settings.
            Output demo.cast
            Set Width 90
            Set Height 24
            Set TypingSpeed 20ms
            Set WaitTimeout 30s
            Set Title "Optimistic create"

            Server Latency 2s
            Type "Maple Cottage"
            Type@100ms 'say "hi"'
            Enter
            Down 3
            Up@10ms 2
            Ctrl+L
            Escape
            Sleep 500ms
            Sleep 0.25
            Wait "Maple Cottage"
            Wait@5s `added`
            WaitNot@2s "1 pending"
            Expect "1 pending"
            ExpectNot "Villa"
            Screenshot created.png
            Server FailRate 0.5
            Server Offline
            Server Online
            Server Rename "Villa Rosa" 'Villa "Blu"'
            Kill
            Launch
            """)
        #expect(tape.width == 90 && tape.height == 24)
        #expect(tape.typingSpeed == .milliseconds(20) && tape.waitTimeout == .seconds(30))
        #expect(tape.title == "Optimistic create" && tape.output == "demo.cast")
        #expect(tape.steps.map(\.command) == [
            .server(.latency(.seconds(2))),
            .type("Maple Cottage", speed: nil),
            .type(#"say "hi""#, speed: .milliseconds(100)),
            .key(.enter, count: 1, speed: nil),
            .key(.down, count: 3, speed: nil),
            .key(.up, count: 2, speed: .milliseconds(10)),
            .key(.control("L"), count: 1, speed: nil),
            .key(.escape, count: 1, speed: nil),
            .sleep(.milliseconds(500)),
            .sleep(.milliseconds(250)),
            .wait("Maple Cottage", timeout: nil),
            .wait("added", timeout: .seconds(5)),
            .waitNot("1 pending", timeout: .seconds(2)),
            .expect("1 pending"),
            .expectNot("Villa"),
            .screenshot("created.png"),
            .server(.failRate(0.5)),
            .server(.offline),
            .server(.online),
            .server(.rename(from: "Villa Rosa", to: #"Villa "Blu""#)),
            .kill,
            .launch,
        ])
        #expect(tape.steps.first?.line == 9, "steps remember their line")
    }

    @Test func aBigTableTapeSaysItsSeedAndSyncPolicy() throws {
        let tape = try Tape.parse("Set Models \"ledger.json\"\nSet Seed 200000\nSet Sync \"views\"\nEnter")
        #expect(tape.models == "ledger.json" && tape.seed == 200_000 && tape.sync == "views")
        let plain = try Tape.parse("Enter")
        #expect(plain.seed == 0 && plain.sync == nil)
    }

    @Test func badLinesSayWhereAndWhy() {
        let cases: [(String, String)] = [
            ("Jump 3", "line 1: unknown command “Jump”"),
            ("Type Maple", "line 1: expected text in quotes"),
            ("Type \"a\"b\"", "line 1: the text contains its own quote mark"),
            ("Sleep soon", "line 1: “soon” is not a duration"),
            ("Set Width 5", "line 1: Set Width takes a number from 20 to 500"),
            ("Set FontSize 14", "line 1: unknown setting “FontSize”"),
            ("Server FailRate 2", "line 1: Server FailRate takes a number from 0 to 1"),
            ("Server Reboot", "line 1: unknown Server change “Reboot”"),
            ("Server Rename \"Villa\"", "line 1: Server Rename takes two names in quotes"),
            ("Down -1", "line 1: Down takes a repeat count"),
            ("Ctrl+Tab", "line 1: Ctrl+ takes one letter"),
            ("Expect@1s \"x\"", "line 1: Expect takes no @ modifier"),
            ("Enter\nSet Width 80", "line 2: Set must come before the first step"),
            ("Launch now", "line 1: Launch takes nothing after it"),
            ("Set Seed lots", "line 1: Set Seed takes a number of items from 0 to 2000000"),
            ("Set Sync \"some\"", "line 1: Set Sync takes \"all\", \"views\" or \"limit\""),
        ]
        for (text, message) in cases {
            #expect(throws: TapeError.self) { try Tape.parse(text) }
            do {
                _ = try Tape.parse(text)
            } catch {
                #expect(error.description.hasPrefix(message), "\(text) → \(error.description)")
            }
        }
    }

    @Test func keysSendWhatAnXtermSends() {
        #expect(TapeKey.up.bytes(applicationCursorKeys: true) == [0x1B, 0x4F, 0x41])
        #expect(TapeKey.up.bytes(applicationCursorKeys: false) == [0x1B, 0x5B, 0x41])
        #expect(TapeKey.enter.bytes(applicationCursorKeys: true) == [0x0D])
        #expect(TapeKey.backspace.bytes(applicationCursorKeys: true) == [0x7F])
        #expect(TapeKey.control("c").bytes(applicationCursorKeys: true) == [0x03])
        #expect(TapeKey.control("[").bytes(applicationCursorKeys: true) == [0x1B])
        #expect(TapeKey.pageDown.bytes(applicationCursorKeys: true) == Array("\u{1B}[6~".utf8))
    }
}
