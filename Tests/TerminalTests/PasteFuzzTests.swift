import AmplifyModels
import CNcurses
import Foundation
import Glibc
import PropertyRules
import SyncEngine
import ScreenValues
import Synchronization
import Testing
@testable import ModelBrowser
@testable import ModelScreens
@testable import Terminal

/// SplitMix64: small, and the same sequence for the same seed on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What a fuzzed paste holds, and what any field may make of it (worked out once: a case can
/// be a megabyte).
struct PasteCase: CustomStringConvertible {
    let name: String
    /// The pasted bytes, between the terminal's own markers.
    let bytes: [UInt8]
    /// The text, when the bytes are UTF-8.
    let text: String?
    /// Its length in characters.
    let characters: Int
    /// Whether a paste may hold it at all: UTF-8, and not too long.
    let isWhole: Bool
    /// The paste's lines (a form's list takes one item each), or nil when it must be refused.
    let lines: [String]?
    /// The paste in a one-line field (the sample's, a form's), which refuses a line break (a name
    /// is one line).
    let lineWithoutBreaks: String?

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        text = String(validating: bytes, as: UTF8.self)
        characters = text?.count ?? 0
        let isWhole = text != nil && characters <= Paste.maximumLength && (text?.unicodeScalars.count ?? 0) <= Paste.maximumCodePoints
        self.isWhole = isWhole
        if isWhole, let text {
            let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .replacingOccurrences(of: "\t", with: " ")
            lines = unified.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.needsReplacement($0) })
                ? nil : unified.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lineWithoutBreaks = text.unicodeScalars.contains(where: TerminalText.needsReplacement) ? nil : text
        } else {
            lines = nil
            lineWithoutBreaks = nil
        }
    }

    /// The paste as one line in a field that takes line breaks as spaces (the model browser's
    /// filters), or nil when such a field must refuse it.
    var lineWithSpaces: String? { lines.map { $0.joined(separator: " ") } }

    var description: String {
        let shown = bytes.prefix(60).map { byte in
            (0x20..<0x7F).contains(byte) && byte != 0x5C ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        }.joined()
        return "\(name) (\(bytes.count) bytes: \(shown)\(bytes.count > 60 ? "…" : ""))"
    }
}

/// The fuzzed pastes: the issue's, every marker at every offset of a text, control characters,
/// bytes that are not UTF-8, sizes up to a megabyte.
enum PasteCases {
    static let start = Array("\u{1B}[200~".utf8)
    static let end = Array("\u{1B}[201~".utf8)

    static func all(using random: inout SeededGenerator) -> [PasteCase] {
        var cases = [
            PasteCase(name: "issue 29 item 6", bytes: Array("Bad".utf8) + [0xFF, 0xFE] + Array("UTF".utf8) + [0xC3] + Array("(8".utf8)),
            PasteCase(name: "issue 29 item 7", bytes: Array("Part1\u{1B}[200~Part2\rdy".utf8)),
            PasteCase(name: "the end marker inside", bytes: Array("Injected\u{1B}[201~\rkdy".utf8)),
            PasteCase(name: "plain", bytes: Array("Villa Rosa".utf8)),
            PasteCase(name: "empty", bytes: []),
            PasteCase(name: "lines", bytes: Array("red\r\nblue\ryellow\n".utf8)),
            PasteCase(name: "OSC 52 and a cursor report", bytes: Array("x\u{1B}]52;c;aGk=\u{07}\u{1B}[6n".utf8)),
        ]
        for length in [199, 200, 201, 501, Paste.maximumLength, Paste.maximumLength + 1, 102_400] {
            cases.append(PasteCase(name: "\(length) characters", bytes: Array(String(repeating: "x", count: length).utf8)))
        }
        // A megabyte, of two-byte characters.
        cases.append(PasteCase(name: "1 MB of é", bytes: Array(String(repeating: "é", count: 1 << 19).utf8)))
        // Every marker at every offset, inside characters too.
        let base = Array("Villa 東京 é!\r".utf8)
        for marker in [start, end] {
            for offset in 0...base.count {
                cases.append(PasteCase(name: "marker at \(offset)", bytes: Array(base[..<offset]) + marker + Array(base[offset...])))
            }
        }
        for index in 0..<80 {
            cases.append(PasteCase(name: "random \(index)", bytes: randomBytes(using: &random)))
        }
        return cases
    }

    static let pieces: [[UInt8]] = [
        "a", "Maple", " ", "東京", "é", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "\r", "\n", "\r\n", "\t", "\u{1B}", "\u{7F}", "\u{00}", "\u{07}",
        "\u{85}", "\u{9B}", "\u{202E}", "\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{1B}[6n", "\u{1B}OA", "\u{1B}[A", "j", "dy", "q",
    ].map { Array($0.utf8) } + [
        start, end, [0xFF], [0xFE], [0xC3], [0x80], [0xC0, 0x80], [0xE6, 0x9D], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
        Array(start.dropLast()), Array(end.prefix(3)),
    ]

    static func randomBytes(using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        // Mostly short; now and then past the sample's limits, or past a paste's.
        let size = switch Int.random(in: 0..<40, using: &random) {
        case 0: Int.random(in: 99_990...100_010, using: &random)
        case 1...6: Int.random(in: 190...520, using: &random)
        default: Int.random(in: 0...40, using: &random)
        }
        let clean = Bool.random(using: &random)  // half of them printable text only, which must go in
        while bytes.count < size {
            if clean || Int.random(in: 0..<4, using: &random) > 0 {
                bytes += Array((Bool.random(using: &random) ? "ab c" : "Ünï東").utf8)
            } else {
                bytes += pieces.randomElement(using: &random)!
            }
        }
        return bytes
    }
}

/// The keyboard of an offscreen curses: bytes written to its pipe come back as the loop's
/// reader (`KeyReader`, with the real `KeyDecoder`) makes them into keys.
final class CursesKeyboard {
    let pipe: KeyPipe
    let curses: OffscreenCurses
    var reader = KeyReader()

    init() throws {
        pipe = try KeyPipe()
        curses = try OffscreenCurses(lines: 24, columns: 100, inputDescriptor: pipe.readDescriptor)
        nodelay(proptui_stdscr(), true)
        keypad(proptui_stdscr(), true)
        set_escdelay(25)
    }

    /// Writes `bytes` at once (a writer of its own: a pipe holds less than a megabyte) and reads
    /// batches until all of it is read, as the loop does: after a paste's end, input that comes
    /// on is the rest of the burst. Then the input has run dry, as before a person's next key.
    func keys(for bytes: [UInt8]) -> [Key] {
        let written = Flag()
        let pipe = pipe
        Thread.detachNewThread {
            pipe.send(bytes: bytes)
            written.raise()
        }
        let input = pipe.readDescriptor
        func readable(within milliseconds: Int32) -> Bool {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, milliseconds) > 0
        }
        var keys: [Key] = []
        while true {
            let writing = !written.isRaised
            if !writing, !readable(within: 0) {
                // Everything written is read, and curses holds nothing back: the burst is over.
                let batch = reader.readBatch { false }
                keys += batch.keys
                if batch.reads == 0 { return keys }
                continue
            }
            _ = readable(within: 10)
            keys += reader.readBatch {
                // More of the burst comes while the writer writes; once it is done, only what is left.
                guard written.isRaised else { return readable(within: 10) || true }
                return readable(within: 0)
            }.keys
        }
    }
}

/// A flag one thread raises and another reads.
final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}

/// A screen of either app, with a paste and then `j` pressed on it: the check of what they did.
struct ScreenUnderFuzz {
    let name: String
    /// Presses the paste, then `j`; answers what went wrong (nil when nothing did).
    let run: (_ paste: Key, _ pasted: PasteCase) -> String?
}

extension Curses {
    /// Pastes of every kind, through real curses and the real key decoder, into every text field
    /// and screen of both apps: a paste goes in whole or not at all (saying why), it runs no key,
    /// and the key after it is never lost. The seed is random for each run and printed with any
    /// failure; `PROPTUI_FUZZ_SEED=<seed>` replays one.
    @Suite struct PasteFuzzTests {
        @Test func everyPasteIsWholeOrRefusedAndTheNextKeyIsKept() throws {
            let seed = ProcessInfo.processInfo.environment["PROPTUI_FUZZ_SEED"].flatMap { UInt64($0) }
                ?? UInt64.random(in: 0...UInt64.max)
            var random = SeededGenerator(seed: seed)
            let cases = PasteCases.all(using: &random)
            let keyboard = try CursesKeyboard()
            let screens = try Self.screens()
            var failures = 0
            for pasted in cases where failures < 5 {
                let (keys, next) = Self.decode(pasted, keyboard: keyboard)
                guard keys.count == 1, case .paste(let paste) = keys[0], next == [.character("j")] else {
                    failures += 1
                    Issue.record("seed \(seed), \(pasted): the paste gave \(keys.map(\.label)), then j gave \(next.map(\.label))")
                    continue
                }
                if let problem = Self.check(paste, of: pasted) {
                    failures += 1
                    Issue.record("seed \(seed), \(pasted): \(problem)")
                    continue
                }
                for screen in screens {
                    if let problem = screen.run(keys[0], pasted) {
                        failures += 1
                        Issue.record("seed \(seed), \(pasted), \(screen.name): \(problem)")
                    }
                }
            }
        }

        /// The keys a paste and then `j` make. Through curses, except a long paste of plain text:
        /// curses reads a byte per read(2) (seconds per megabyte in a debug build) and gives such
        /// bytes as they are, so those go to the decoder as curses would give them.
        static func decode(_ pasted: PasteCase, keyboard: CursesKeyboard) -> (paste: [Key], next: [Key]) {
            guard pasted.bytes.count > 20_000, !pasted.bytes.contains(0x1B), !pasted.bytes.contains(0x7F) else {
                return (keyboard.keys(for: PasteCases.start + pasted.bytes + PasteCases.end), keyboard.keys(for: Array("j".utf8)))
            }
            var decoder = KeyDecoder()
            var keys = decoder.feed(KeyDecoder.pasteStartCode)
            for byte in pasted.bytes { keys += decoder.feed(Int32(byte)) }
            keys += decoder.feed(KeyDecoder.pasteEndCode)
            keys += decoder.endOfBatch()
            return (keys, decoder.feed(Int32(UInt8(ascii: "j"))) + decoder.endOfBatch())
        }

        /// The decoder's paste is the bytes, whole, or says why not.
        static func check(_ paste: Paste, of pasted: PasteCase) -> String? {
            guard let text = pasted.text else {
                if case .invalidUTF8 = paste { return nil }
                return "bytes that are not UTF-8 came as \(paste)"
            }
            if !pasted.isWhole {
                if case .tooLong(let characters, let codePoints) = paste, characters == pasted.characters,
                    codePoints == text.unicodeScalars.count { return nil }
                return "a paste too long came as \(String(describing: paste).prefix(80)), not with its true size \(pasted.characters)"
            }
            guard case .text(let got) = paste else { return "a paste that fits came as \(paste)" }
            // A key curses recognised in the pasted bytes (an escape sequence, DEL as Backspace)
            // comes as an Escape alone: a control character either way, which every field refuses.
            if got == text || (text.unicodeScalars.contains(where: TerminalText.needsReplacement) && got.contains("\u{1B}")) { return nil }
            return "the paste's text is not what was pasted"
        }

        // MARK: The screens

        static let t0 = ContinuousClock.now

        static func screens() throws -> [ScreenUnderFuzz] {
            try sampleScreens() + browserScreens()
        }

        /// The sample's model on the model screen: its list, the name renamed in place, the
        /// form's name and address, and the delete question.
        static func sampleScreens() -> [ScreenUnderFuzz] {
            var list = SampleScreen.state()
            _ = list.reduce(.resized(width: 80, height: 20))
            _ = list.reduce(SampleScreen.list(.loaded([
                SampleScreen.row("a1", "Harbour View Loft", address: "12 Quay St", created: "2026-11-01T10:00:00.000Z"),
                SampleScreen.row("b2", "Maple Cottage", address: "4 Main St", created: "2026-11-01T10:01:00.000Z"),
                SampleScreen.row("c3", "Villa Rosa", created: "2026-11-01T10:02:00.000Z"),
            ])))
            let renaming = ScreenUnderFuzz(name: "sample: rename in place") { paste, pasted in
                var state = list
                _ = state.reduce(.keyPressed(.character("r")))
                guard case .renaming(let before, _) = state.screen else { return "no field open" }
                let effects = state.reduce(.keyPressed(paste))
                guard effects.isEmpty, case .renaming(let after, _) = state.screen else { return "the paste ran \(effects), or closed the field" }
                let limit = PropertyLimits.maximumNameLength
                if let whole = pasted.lineWithoutBreaks, (before.text + whole).count <= limit {
                    guard after.text == before.text + whole else { return "a paste that fits did not go in whole" }
                } else {
                    guard after.text == before.text else { return "a paste the field refuses changed it" }
                    guard state.status?.text.hasPrefix("Not pasted") == true else { return "refused without a word: \(state.status?.text ?? "nothing")" }
                }
                _ = state.reduce(.keyPressed(.character("j")))
                let expected = after.text.count < limit ? after.text + "j" : after.text  // at the limit, j is refused, saying so
                guard case .renaming(let typed, _) = state.screen, typed.text == expected else { return "the j after the paste was lost" }
                return nil
            }
            let deleteQuestion = ScreenUnderFuzz(name: "sample: delete question") { paste, _ in
                var state = list
                _ = state.reduce(.keyPressed(.character("d")))
                guard state.overlay != nil else { return "no question" }
                let effects = state.reduce(.keyPressed(paste))
                guard effects.isEmpty, state.overlay == nil else { return "the paste answered the question: \(effects)" }
                let before = state.selectedKey
                _ = state.reduce(.keyPressed(.character("j")))
                return state.selectedKey != before ? nil : "the j after the paste was lost"
            }
            return [
                renaming,
                formField("name", in: list, expected: \.lineWithoutBreaks, limit: PropertyLimits.maximumNameLength, named: "sample"),
                formField("address", in: list, expected: \.lineWithoutBreaks, limit: PropertyLimits.maximumAddressLength, named: "sample"),
                deleteQuestion,
            ]
        }

        /// A form field of a new record under fuzz: a paste goes in whole or is refused with a
        /// word, and the key after it is typed.
        static func formField(
            _ field: String, in list: BrowserState, expected: @escaping (PasteCase) -> String?, acceptsJ: Bool = true,
            limit: Int = .max, named screen: String = "browser"
        ) -> ScreenUnderFuzz {
            var opened = list
            _ = opened.reduce(.keyPressed(.character("n")))
            for _ in 0..<20 {
                guard case .form(let form) = opened.screen, form.focusedField != field else { break }
                _ = opened.reduce(.keyPressed(.tab))
            }
            return ScreenUnderFuzz(name: "\(screen): form's \(field)") { [opened] paste, pasted in
                var state = opened
                guard case .form(let before) = state.screen, let beforeText = before.text(ofField: field) else { return "no form" }
                let effects = state.reduce(.keyPressed(paste))
                guard effects.isEmpty, case .form(let form) = state.screen, let after = form.text(ofField: field) else {
                    return "the paste ran \(effects), or closed the form"
                }
                if let whole = expected(pasted), (beforeText + whole).count <= limit {
                    guard after == beforeText + whole else { return "a paste the field takes did not go in whole" }
                } else if after != beforeText && field != "kind" {
                    return "a paste the field refuses changed it"
                } else if after == beforeText, form.message?.hasPrefix("Not pasted") != true {
                    return "refused without a word: \(form.message ?? "nothing")"
                }
                guard acceptsJ else { return nil }
                _ = state.reduce(.keyPressed(.character("j")))
                let expected = after.count < limit ? after + "j" : after  // at the limit, j is refused, saying so
                guard case .form(let typed) = state.screen, typed.text(ofField: field) == expected else {
                    return "the j after the paste was lost"
                }
                return nil
            }
        }

        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AmplifyModelsTests/Fixtures")

        /// The model browser over `household-budget.json`: the picker's filter, the list, the
        /// list's filter, and a Transaction form's text, list and picked fields.
        static func browserScreens() throws -> [ScreenUnderFuzz] {
            let schema = try ModelIntrospectionReader.read(Data(contentsOf: fixtures.appendingPathComponent("household-budget.json")))
            var layouts: [String: RecordLayout] = [:]
            for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
            func browser(_ model: String?) -> BrowserState {
                var state = BrowserState(schema: schema, layouts: layouts, access: [:], backend: "local · API key", initialModel: model)
                _ = state.reduce(.resized(width: 100, height: 24))
                return state
            }
            var list = browser("Transaction")
            let rows = ["rent", "food", "bus"].enumerated().map { index, key in
                RecordRow(ModelRecord(
                    layout: layouts["Transaction"]!, key: RecordKey(key),
                    values: ["description": .string(key), "amount": .float(1), "kind": .enumValue("EXPENSE"),
                             "date": .string("2026-11-01"), "createdAt": .string("2026-11-01T10:0\(index):00.000Z")],
                    version: 1))
            }
            _ = list.reduce(.list(model: "Transaction", .loaded(rows)))
            return [
                formField("description", in: list, expected: \.lineWithoutBreaks),
                formField("tags", in: list, expected: { $0.lines.map { lines in
                    (lines.count > 1 && lines.last == "" ? Array(lines.dropLast()) : lines).joined(separator: "\n")
                } }),
                // A picked field takes only a paste naming one of its values: never a part of one.
                formField("kind", in: list, expected: { _ in nil }, acceptsJ: false),
                ScreenUnderFuzz(name: "browser: the list's filter") { paste, pasted in
                    var state = list
                    _ = state.reduce(.keyPressed(.character("/")))
                    let effects = state.reduce(.keyPressed(paste))
                    guard effects.isEmpty, case .filtering(let line) = state.screen else { return "the paste ran \(effects), or left the filter" }
                    let after = line.text
                    if let whole = pasted.lineWithSpaces {
                        guard after == whole else { return "a paste the filter takes did not go in whole" }
                    } else {
                        guard after.isEmpty else { return "a paste the filter refuses changed it" }
                        guard state.filterRefusal?.hasPrefix("Not pasted") == true else { return "refused without a word" }
                    }
                    _ = state.reduce(.keyPressed(.character("j")))
                    guard case .filtering(let typed) = state.screen, typed.text == after + "j" else { return "the j after the paste was lost" }
                    return nil
                },
                ScreenUnderFuzz(name: "browser: the picker's filter") { paste, pasted in
                    var state = browser(nil)
                    let effects = state.reduce(.keyPressed(paste))
                    guard effects.isEmpty, case .picker(let picker) = state.screen else { return "the paste ran \(effects), or chose a model" }
                    if let whole = pasted.lineWithSpaces {
                        guard picker.filterText == whole else { return "a paste the filter takes did not go in whole" }
                    } else {
                        guard picker.filterText.isEmpty else { return "a paste the filter refuses changed it" }
                        guard state.status?.text.hasPrefix("Not pasted") == true else { return "refused without a word" }
                    }
                    _ = state.reduce(.keyPressed(.character("j")))
                    guard case .picker(let typed) = state.screen, typed.filterText == picker.filterText + "j" else {
                        return "the j after the paste was lost"
                    }
                    return nil
                },
                ScreenUnderFuzz(name: "browser: the list") { paste, _ in
                    var state = list
                    let before = state.selectedKey
                    let effects = state.reduce(.keyPressed(paste))
                    guard effects.isEmpty, state.overlay == nil, case .list = state.screen, state.selectedKey == before else {
                        return "the paste ran \(effects), or changed the screen"
                    }
                    _ = state.reduce(.keyPressed(.character("j")))
                    return state.selectedKey != before ? nil : "the j after the paste was lost"
                },
            ]
        }
    }
}

/// The browser's actions at one instant: these tests do not look at time.
extension BrowserState {
    fileprivate mutating func reduce(_ action: BrowserAction) -> [BrowserEffect] {
        reduce(action, now: ContinuousClock.now)
    }
}
