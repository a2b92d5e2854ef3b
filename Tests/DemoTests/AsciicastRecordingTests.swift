import Foundation
import Testing
@testable import Demo

@Suite struct AsciicastRecordingTests {
    @Test func writesAHeaderAndAnEventPerLine() throws {
        var recording = AsciicastRecording(width: 80, height: 24, title: "A \"quoted\" title")
        recording.output(Array("\u{1B}[1mhi\n".utf8), at: 0.5)
        recording.marker("still.png", at: 1.2345)
        let lines = recording.encoded().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2 && header?["width"] as? Int == 80 && header?["height"] as? Int == 24)
        #expect(header?["title"] as? String == "A \"quoted\" title")
        let event = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [Any]
        #expect(event?[1] as? String == "o" && event?[2] as? String == "\u{1B}[1mhi\n")
        #expect(lines[1].hasPrefix("[0.500, "))
        #expect(lines[2] == #"[1.235, "m", "still.png"]"#)
    }

    @Test func aCharacterSplitBetweenReadsWaitsForItsLastByte() {
        var recording = AsciicastRecording(width: 10, height: 2)
        let bytes = Array("a東".utf8)  // 'a' then three bytes
        recording.output(Array(bytes[0..<2]), at: 0)
        recording.output(Array(bytes[2...]), at: 0.1)
        #expect(recording.events.map(\.data) == ["a", "東"])
        recording.output([0xE6], at: 0.2)
        #expect(recording.events.count == 2, "nothing whole arrived")
    }

    @Test func timesPrintWithMilliseconds() {
        #expect(AsciicastRecording.seconds(0) == "0.000")
        #expect(AsciicastRecording.seconds(12.0456) == "12.046")
        #expect(AsciicastRecording.json("a\u{7}\u{1B}\\\"") == #""a\u0007\u001b\\\"""#)
    }
}
