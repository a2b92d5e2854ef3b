import AmplifyModels
import Foundation
import Glibc
import SyncEngine
import ScreenValues
import Synchronization
import Testing
@testable import ModelBrowser
@testable import Terminal

/// A program that keeps every key the loop gives it.
struct KeyRecorder: TerminalProgram {
    typealias Message = String
    var keys: [Key] = []

    mutating func handle(_ event: TerminalEvent<String>, now: ContinuousClock.Instant) -> LoopCommand {
        if case .key(let key) = event { keys.append(key) }
        return .proceed
    }

    func frame() -> Frame { Frame(width: 1, height: 1) }
    var nextDeadline: ContinuousClock.Instant? { nil }
    var idleSummary: String { "" }
}

extension KeyPipe {
    /// Writes bytes as they are (a paste that is not UTF-8, say); blocks while the pipe is full.
    func send(bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(writeDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }
}

extension Curses {
    /// Pastes through the real loop: curses reading a pipe, the key decoder, the program. Each
    /// step waits for the loop to have handled what came before (the idle signal), so a key
    /// typed after a paste arrives after a pause, as a person's does.
    @Suite struct PasteThroughTheLoopTests {
        static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
        static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

        /// Runs `KeyRecorder` until the input closes: each of `steps` is written once the loop
        /// has handled as many keys as the steps before it should have made.
        func keys(after steps: [[UInt8]]) async throws -> [Key] {
            try await onItsOwnThread {
                let pipe = try KeyPipe()
                let curses = try OffscreenCurses(lines: 5, columns: 30, inputDescriptor: pipe.readDescriptor)
                let mailbox = try Mailbox<String>()
                let idleFile = temporaryPath("paste-idle")
                defer { unlink(idleFile) }
                var program = KeyRecorder()
                var loop = EventLoop<KeyRecorder>(
                    inputDescriptor: pipe.readDescriptor, mailbox: mailbox, colors: false, idleFile: idleFile)
                inBackground {
                    for (index, step) in steps.enumerated() {
                        pipe.send(bytes: step)
                        waitForIdle(idleFile) { $0.contains("keys=\(index + 1) ") }
                    }
                    pipe.closeWriting()
                }
                _ = loop.run(&program)
                _ = curses
                return program.keys
            }
        }

        /// Issue 29, item 6: `Bad\xff\xfeUTF\xc3(8` pasted, then `j`. curses' own UTF-8 reading
        /// swallowed the bytes after the first bad one, the paste's end and the next key with them.
        @Test func aPasteThatIsNotUTF8IsOneKeyAndTheNextKeyIsKept() async throws {
            let bad: [UInt8] = Array("Bad".utf8) + [0xFF, 0xFE] + Array("UTF".utf8) + [0xC3] + Array("(8".utf8)
            let keys = try await keys(after: [Self.pasteStart + bad + Self.pasteEnd, Array("j".utf8)])
            #expect(keys == [.paste(.invalidUTF8(byte: 0xFF, offset: 3)), .character("j")])
        }

        /// Issue 29, item 7: a paste holding the start marker is one paste, never a part of it
        /// put in and the rest refused.
        @Test func aPasteHoldingTheStartMarkerIsOnePaste() async throws {
            let text = Array("Part1\u{1B}[200~Part2\rdy".utf8)
            let keys = try await keys(after: [Self.pasteStart + text + Self.pasteEnd, Array("j".utf8)])
            #expect(keys == [.paste("Part1\u{1B}[200~Part2\rdy"), .character("j")])
        }

        /// Issue 29, item 4: a paste longer than a paste may be is refused with its true size
        /// (it was cut to 100,000 characters, and the message said 100000).
        @Test func aPasteTooLongIsRefusedWithItsTrueSize() async throws {
            let status = try await onItsOwnThread {
                let pipe = try KeyPipe()
                let curses = try OffscreenCurses(lines: 12, columns: 60, inputDescriptor: pipe.readDescriptor)
                let mailbox = try Mailbox<BrowserAction>()
                let idleFile = temporaryPath("paste-app-idle")
                defer { unlink(idleFile) }
                var driver = BrowserDriver(state: SampleScreen.state()) { _ in }
                mailbox.post(SampleScreen.list(.connectivityChanged(.online)))
                mailbox.post(SampleScreen.list(.loaded([SampleScreen.row("a", "Loft", created: "2026-11-01T10:00:00.000Z")])))
                var loop = EventLoop<BrowserDriver>(
                    inputDescriptor: pipe.readDescriptor, mailbox: mailbox, colors: false, idleFile: idleFile)
                inBackground {
                    waitForIdle(idleFile) { $0.contains("rows=1") }
                    pipe.send("n")  // the form, on the name
                    waitForIdle(idleFile) { $0.contains("keys=1 ") }
                    pipe.send(bytes: Self.pasteStart + [UInt8](repeating: 0x78, count: 102_400) + Self.pasteEnd)
                    waitForIdle(idleFile) { $0.contains("keys=2 ") }
                    pipe.closeWriting()
                }
                _ = loop.run(&driver)
                _ = curses
                guard case .form(let form) = driver.state.screen else { return (text: "no form", field: nil as String?) }
                return (text: form.message ?? "", field: form.text(ofField: "name"))
            }
            #expect(status.text == "Not pasted: 102,400 characters do not fit; the name holds 200 (200 left).")
            #expect(status.field == "")
        }
    }
}
