import Testing
@testable import VirtualTerminal

@Suite struct EscapeSequenceParserTests {
    @Test func readsTextControlsAndSequences() {
        var parser = EscapeSequenceParser()
        let actions = parser.parse(Array("a\r\n\u{1B}[12;3H\u{1B}[?1049h\u{1B}7\u{1B}(0\u{1B}[m".utf8))
        #expect(actions == [
            .print("a"), .control(0x0D), .control(0x0A),
            .controlSequence(privateMarker: nil, parameters: [12, 3], intermediates: [], final: UInt8(ascii: "H")),
            .controlSequence(privateMarker: UInt8(ascii: "?"), parameters: [1049], intermediates: [], final: UInt8(ascii: "h")),
            .escape(intermediates: [], final: UInt8(ascii: "7")),
            .escape(intermediates: [UInt8(ascii: "(")], final: UInt8(ascii: "0")),
            .controlSequence(privateMarker: nil, parameters: [], intermediates: [], final: UInt8(ascii: "m")),
        ])
    }

    @Test func missingParametersAreNil() {
        var parser = EscapeSequenceParser()
        #expect(parser.parse(Array("\u{1B}[;5H".utf8))
            == [.controlSequence(privateMarker: nil, parameters: [nil, 5], intermediates: [], final: UInt8(ascii: "H"))])
    }

    @Test func aSequenceSplitAcrossReadsIsReadWhole() {
        var parser = EscapeSequenceParser()
        let bytes = Array("x\u{1B}[38;5;196m東".utf8)
        var actions: [TerminalAction] = []
        for byte in bytes { actions += parser.parse([byte]) }
        #expect(actions == [
            .print("x"),
            .controlSequence(privateMarker: nil, parameters: [38, 5, 196], intermediates: [], final: UInt8(ascii: "m")),
            .print("東"),
        ])
    }

    @Test func stringsAreSkippedAndBadUTF8IsReplaced() {
        var parser = EscapeSequenceParser()
        let actions = parser.parse(Array("\u{1B}]0;title\u{07}a\u{1B}P1$r\u{1B}\\b".utf8) + [0xE6, 0x41, 0xFF])
        #expect(actions == [.print("a"), .print("b"), .print("\u{FFFD}"), .print("A"), .print("\u{FFFD}")])
    }

    @Test func hugeParametersSaturateInsteadOfTrapping() {
        var parser = EscapeSequenceParser()
        let actions = parser.parse(Array("\u{1B}[99999999999999999999999H".utf8))
        #expect(actions == [.controlSequence(privateMarker: nil, parameters: [65_535], intermediates: [], final: UInt8(ascii: "H"))])
    }
}
