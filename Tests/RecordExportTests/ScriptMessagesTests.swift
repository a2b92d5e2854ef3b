import Testing
@testable import RecordExport

/// What a script says on stderr: several lines stay lines, an escape sequence is never run.
@Suite struct ScriptMessagesTests {
    @Test func aMessageKeepsItsLinesAndEscapesEveryOtherControl() {
        let line = ScriptMessages.errorLine("--filter: expected a filter after `and`\n  amount >= 1 and\n  \u{1B}[31m^^^\u{07}", code: 64, asJSON: false)
        #expect(line == "proptui: --filter: expected a filter after `and`\n  amount >= 1 and\n  \\u{1B}[31m^^^\\u{7}\n")
        #expect(!line.contains("\u{1B}") && !line.contains("\u{07}"))
    }

    @Test func asJSONTheNewLinesAreTheStringsOwn() {
        let line = ScriptMessages.errorLine("two\nlines", code: 65, asJSON: true)
        #expect(line == "{\"code\":65,\"error\":\"two\\nlines\"}\n")
    }
}
