/// Reads a terminal's input bytes (UTF-8 text mixed with ECMA-48 control functions) into
/// `TerminalAction`s. Keeps its state between calls, so a sequence may arrive split over
/// several reads of a pseudo-terminal. Operating system commands (OSC) and device control
/// strings (DCS, SOS, PM, APC) are read to their end and dropped: nothing proptui shows
/// depends on them. Malformed UTF-8 becomes U+FFFD, as terminals show it.
public struct EscapeSequenceParser: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        case escapeIntermediate
        case controlSequence
        /// An OSC, DCS, SOS, PM or APC string: skipped up to BEL (OSC only) or ST (ESC \).
        case string
        case stringEscape
    }

    private var state = State.ground
    private var intermediates: [UInt8] = []
    private var privateMarker: UInt8?
    private var parameters: [Int?] = []
    private var currentParameter: Int?
    private var stringIsCommand = false
    private var utf8 = UTF8Decoder()

    public init() {}

    /// The actions these bytes complete, in order.
    public mutating func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [TerminalAction] {
        var actions: [TerminalAction] = []
        for byte in bytes { step(byte, into: &actions) }
        return actions
    }

    private mutating func step(_ byte: UInt8, into actions: inout [TerminalAction]) {
        switch state {
        case .ground:
            if byte == 0x1B {
                utf8.flush(into: &actions)
                beginEscape()
            } else if byte < 0x20 || byte == 0x7F {
                utf8.flush(into: &actions)
                if byte != 0x7F { actions.append(.control(byte)) }
            } else {
                utf8.take(byte, into: &actions)
            }
        case .escape:
            switch byte {
            case 0x1B: beginEscape()
            case 0x18, 0x1A: state = .ground  // CAN, SUB abort the sequence
            case 0x00..<0x20: actions.append(.control(byte))  // C0 controls act even inside a sequence
            case 0x20..<0x30:
                intermediates.append(byte)
                state = .escapeIntermediate
            case UInt8(ascii: "["): beginControlSequence()
            case UInt8(ascii: "]"):
                stringIsCommand = true
                state = .string
            case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                stringIsCommand = false
                state = .string
            default:
                actions.append(.escape(intermediates: [], final: byte))
                state = .ground
            }
        case .escapeIntermediate:
            switch byte {
            case 0x1B: beginEscape()
            case 0x18, 0x1A: state = .ground
            case 0x00..<0x20: actions.append(.control(byte))
            case 0x20..<0x30: intermediates.append(byte)
            default:
                actions.append(.escape(intermediates: intermediates, final: byte))
                state = .ground
            }
        case .controlSequence:
            controlSequenceStep(byte, into: &actions)
        case .string:
            if byte == 0x1B {
                state = .stringEscape
            } else if byte == 0x07 && stringIsCommand || byte == 0x18 || byte == 0x1A {
                state = .ground
            }
        case .stringEscape:
            // ESC \ ends the string; any other ESC x ends it too and starts a new sequence.
            if byte == UInt8(ascii: "\\") {
                state = .ground
            } else {
                beginEscape()
                step(byte, into: &actions)
            }
        }
    }

    private mutating func controlSequenceStep(_ byte: UInt8, into actions: inout [TerminalAction]) {
        switch byte {
        case 0x1B: beginEscape()
        case 0x18, 0x1A: state = .ground
        case 0x00..<0x20: actions.append(.control(byte))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digit = Int(byte - UInt8(ascii: "0"))
            // Saturate: a hostile CSI 99999999999999999999 H must not trap.
            currentParameter = min((currentParameter ?? 0) * 10 + digit, 65_535)
        case UInt8(ascii: ";"), UInt8(ascii: ":"):
            parameters.append(currentParameter)
            currentParameter = nil
        case UInt8(ascii: "<")...UInt8(ascii: "?"):
            if parameters.isEmpty && currentParameter == nil && privateMarker == nil { privateMarker = byte }
        case 0x20..<0x30:
            intermediates.append(byte)
        case 0x40..<0x7F:
            parameters.append(currentParameter)
            if parameters == [nil] { parameters = [] }
            actions.append(.controlSequence(
                privateMarker: privateMarker, parameters: parameters, intermediates: intermediates, final: byte))
            state = .ground
        default:
            break  // DEL and bytes above 0x7F inside a sequence are ignored
        }
    }

    private mutating func beginEscape() {
        intermediates = []
        state = .escape
    }

    private mutating func beginControlSequence() {
        intermediates = []
        privateMarker = nil
        parameters = []
        currentParameter = nil
        state = .controlSequence
    }
}

/// UTF-8 bytes to scalars, one byte at a time.
private struct UTF8Decoder: Sendable {
    private var pending: [UInt8] = []
    private var expected = 0

    mutating func take(_ byte: UInt8, into actions: inout [TerminalAction]) {
        if pending.isEmpty {
            switch byte {
            case 0x00..<0x80: actions.append(.print(Unicode.Scalar(byte)))
            case 0xC2..<0xE0: begin(byte, length: 2)
            case 0xE0..<0xF0: begin(byte, length: 3)
            case 0xF0..<0xF5: begin(byte, length: 4)
            default: actions.append(.print("\u{FFFD}"))
            }
            return
        }
        guard byte & 0xC0 == 0x80 else {
            // A new lead byte before the sequence was complete.
            pending = []
            actions.append(.print("\u{FFFD}"))
            take(byte, into: &actions)
            return
        }
        pending.append(byte)
        guard pending.count == expected else { return }
        var decoded = String(decoding: pending, as: UTF8.self).unicodeScalars.makeIterator()
        actions.append(.print(decoded.next() ?? "\u{FFFD}"))
        pending = []
    }

    /// An escape or control in the middle of a character ends it as U+FFFD.
    mutating func flush(into actions: inout [TerminalAction]) {
        guard !pending.isEmpty else { return }
        pending = []
        actions.append(.print("\u{FFFD}"))
    }

    private mutating func begin(_ byte: UInt8, length: Int) {
        pending = [byte]
        expected = length
    }
}
