import AmplifyModels
import CNcurses
import Foundation
import ModelBrowser
import OptimisticStore
import SyncEngine
import ScreenValues
import Synchronization
import Testing
@testable import Terminal

/// Keys written to a pipe that curses reads as its terminal input.
final class KeyPipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CocoaError(.fileNoSuchFile) }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    /// Whether the writing end is still open. Closing a descriptor twice closes whatever the
    /// process opened under that number meanwhile: another test's SQLite file, say, whose next
    /// read then fails with "disk I/O error".
    private let writing = Mutex(true)

    func send(_ text: String) {
        writing.withLock { open in
            guard open else { return }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(writeDescriptor, $0.baseAddress, $0.count) }
        }
    }

    func closeWriting() {
        writing.withLock { open in
            if open { close(writeDescriptor) }
            open = false
        }
    }

    deinit {
        close(readDescriptor)
        closeWriting()
    }
}

/// Waits (bounded) until the idle file's line satisfies a condition; returns the line.
@discardableResult
func waitForIdle(_ path: String, timeout: Duration = .seconds(10), until condition: (String) -> Bool) -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let line = try? String(contentsOfFile: path, encoding: .utf8), condition(line) { return line }
        usleep(2_000)
    }
    return nil
}

/// Runs `script` on its own thread while the loop runs on the test's.
func inBackground(_ script: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(script)
}

/// Runs an event loop (or any blocking work) on a thread of its own and waits for it without
/// holding a thread. On the test runner's pool (two threads on a 2-core machine) a loop blocked
/// in `poll` took one thread for as long as it ran, and the work it waits for (spawned tasks)
/// then queued behind whatever held the other: every async test of the run stalled with it.
/// In the app the loop has the main thread to itself.
func onItsOwnThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Swift.Result { try work() }) }
    }
}

func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "proptui-\(name)-\(UUID().uuidString)"
}

/// A small program: shows one line of text; `x` starts spawned work; `q` quits.
struct EchoProgram: TerminalProgram {
    typealias Message = String
    let mailbox: Mailbox<String>
    var text = "start"
    var size = (width: 0, height: 0)
    var nextDeadline: ContinuousClock.Instant?
    var quitOnTick = false

    mutating func handle(_ event: TerminalEvent<String>, now: ContinuousClock.Instant) -> LoopCommand {
        switch event {
        case .key(.character("x")):
            mailbox.spawn {
                try? await Task.sleep(for: .milliseconds(20))
                return ["done"]
            }
        case .key(.character("q")): return .quit
        case .key(let key): text = "key \(key.label)"
        case .message(let message): text = message
        case .resized(let width, let height): size = (width, height)
        case .tick:
            text = "ticked"
            nextDeadline = nil
            if quitOnTick { return .quit }
        }
        return .proceed
    }

    func frame() -> Frame {
        var frame = Frame(width: size.width, height: size.height)
        frame.draw(text, row: 0, column: 0)
        return frame
    }

    var idleSummary: String { "text=\(text)" }
}

extension Curses {
    /// The event loop on an offscreen curses whose keyboard is a pipe.
    ///
    /// Each loop runs on a thread of its own (`onItsOwnThread`), as the app's runs on the main
    /// thread. The frame-hold tests still allow a long deferral: on a busy 2-core machine the
    /// spawned work can wait seconds for a pool thread.
    @Suite struct EventLoopTests {
        /// What a run of `EchoProgram` ended with: how the loop ended, the program's text, the
        /// last idle line and the screen's top line.
        struct EchoRun: Sendable {
            let exit: LoopExit
            let text: String
            let idle: String
            let top: String
        }

        /// Runs `EchoProgram` on a thread of its own until the loop ends. `drive` has the keys,
        /// the mailbox and the idle file first (to type, or to start a script on another thread).
        func runEcho(
            deadline: ContinuousClock.Instant? = nil, drawDeferral: Duration = .milliseconds(50),
            _ drive: @escaping @Sendable (_ keys: KeyPipe, _ mailbox: Mailbox<String>, _ idleFile: String) -> Void
        ) async throws -> EchoRun {
            try await onItsOwnThread {
                let keys = try KeyPipe()
                let curses = try OffscreenCurses(lines: 5, columns: 30, inputDescriptor: keys.readDescriptor)
                let mailbox = try Mailbox<String>()
                let idleFile = temporaryPath("idle")
                defer { unlink(idleFile) }
                var program = EchoProgram(mailbox: mailbox, nextDeadline: deadline, quitOnTick: deadline != nil)
                var loop = EventLoop<EchoProgram>(
                    inputDescriptor: keys.readDescriptor, mailbox: mailbox, colors: false, idleFile: idleFile,
                    drawDeferral: drawDeferral)
                drive(keys, mailbox, idleFile)
                let exit = loop.run(&program)
                let idle = (try? String(contentsOfFile: idleFile, encoding: .utf8)) ?? ""
                return EchoRun(exit: exit, text: program.text, idle: idle, top: curses.line(0))
            }
        }

        /// With a long frame hold: types `typed`, then `q` once the idle line satisfies `ready`.
        func runEcho(typing typed: String, quitWhen ready: @escaping @Sendable (String) -> Bool) async throws -> EchoRun {
            try await runEcho(drawDeferral: .seconds(120)) { keys, _, idleFile in
                keys.send(typed)
                inBackground {
                    waitForIdle(idleFile, timeout: .seconds(120), until: ready)  // as long as the hold: work may wait for a thread
                    keys.send("q")
                }
            }
        }

        @Test func spawnedWorkLandsInTheSameFrameAsItsKey() async throws {
            let run = try await runEcho(typing: "x") { $0.contains("keys=1") }
            #expect(run.exit == .quit)
            #expect(run.idle == "2 idle keys=1 frames=2 text=done\n")  // one frame for the start, one for x + its result
            #expect(run.top.hasPrefix("done "))
        }

        /// `n`, a name, Enter and `r` typed in one go: `r` must act on the list the create
        /// produced, so a key waits for the work the key before it spawned.
        @Test func aKeyWaitsForTheWorkOfTheKeyBeforeIt() async throws {
            let run = try await runEcho(typing: "xy") { $0.contains("keys=2") }  // one read: y arrives before x's work is done
            #expect(run.exit == .quit)
            #expect(run.idle.hasSuffix("text=key y\n"))  // y came after x's result, not before it
            #expect(run.top.hasPrefix("key y"))
        }

        @Test func messagesFromOtherThreadsWakeTheLoop() async throws {
            let run = try await runEcho { keys, mailbox, idleFile in
                inBackground {
                    waitForIdle(idleFile) { $0.contains("text=start") }
                    mailbox.post("hello")
                    waitForIdle(idleFile) { $0.contains("text=hello") }
                    keys.send("q")
                }
            }
            #expect(run.exit == .quit)
            #expect(run.text == "hello")
        }

        @Test func aDeadlineBringsATick() async throws {
            let run = try await runEcho(deadline: ContinuousClock.now + .milliseconds(30)) { _, _, _ in }
            #expect(run.exit == .quit)
            #expect(run.text == "ticked")
        }

        @Test func ctrlCInterrupts() async throws {
            let run = try await runEcho { keys, _, _ in keys.send("\u{03}") }
            #expect(run.exit == .interrupted(signal: SIGINT))
        }

        @Test func theEndOfInputEndsTheLoop() async throws {
            let run = try await runEcho { keys, _, _ in keys.closeWriting() }
            #expect(run.exit == .inputClosed)
        }

        /// The app itself, through `BrowserDriver` over the sample's model: rows from the
        /// mailbox, keys from the pipe, a create performed as spawned work, all on a real curses screen.
        @Test func theAppRunsInTheLoop() async throws {
            let performed = Mutex<[BrowserEffect]>([])
            let run = try await onItsOwnThread {
                let keys = try KeyPipe()
                let curses = try OffscreenCurses(lines: 12, columns: 60, inputDescriptor: keys.readDescriptor)
                let mailbox = try Mailbox<BrowserAction>()
                let idleFile = temporaryPath("app-idle")
                defer { unlink(idleFile) }
                var driver = BrowserDriver(state: SampleScreen.state()) { effect in
                    performed.withLock { $0.append(effect) }
                    if case .create(_, let record) = effect {
                        mailbox.spawn {
                            [SampleScreen.list(.rowsChanged(RecordRowUpdate(upserted: [RecordRow(record, status: .pending(1))]))),
                             SampleScreen.list(.pendingCountChanged(1))]
                        }
                    }
                }
                mailbox.post(SampleScreen.list(.connectivityChanged(.online)))
                mailbox.post(SampleScreen.list(.loaded([
                    SampleScreen.row("a", "Harbour View Loft", created: "2026-11-01T10:00:00.000Z"),
                    SampleScreen.row("b", "Maple Cottage", created: "2026-11-01T10:01:00.000Z"),
                ])))
                var loop = EventLoop<BrowserDriver>(
                    inputDescriptor: keys.readDescriptor, mailbox: mailbox, colors: false, idleFile: idleFile,
                    drawDeferral: .seconds(120))
                inBackground {
                    waitForIdle(idleFile) { $0.contains("rows=2") }
                    keys.send("nHi\r")  // the form, its name, ⏎: no other required field, so it adds
                    waitForIdle(idleFile) { $0.contains("keys=4") }
                    keys.send("q")  // one unsynced change: asks first
                    waitForIdle(idleFile) { $0.contains("keys=5") }
                    keys.send("y")
                }
                let exit = loop.run(&driver)
                let rowLine = (0..<12).first { curses.line($0).contains(" Hi ") }
                return (
                    exit: exit, idle: try String(contentsOfFile: idleFile, encoding: .utf8),
                    row: rowLine.map { curses.line($0) } ?? "",
                    rowReversed: rowLine.map { curses.cell(line: $0, column: 3).attributes & proptui_a_reverse() != 0 } ?? false,
                    header: curses.line(0)
                )
            }
            #expect(run.exit == .quit)
            let created = performed.withLock { $0 }
            #expect(created.count == 1)
            if case .create(model: "RealEstateProperty", let record)? = created.first {
                #expect(record["name"] == .string("Hi") && (record["address"] ?? .null) == .null, "an address left empty is none")
            } else {
                Issue.record("no create: \(created)")
            }
            #expect(run.idle.contains("keys=5") && run.idle.contains("rows=3 pending=1"))
            #expect(run.row.hasPrefix(" ▸ Hi "), "\(run.row)")
            #expect(run.rowReversed)
            #expect(run.header.contains("● online · 1 pending"), "\(run.header)")
        }
    }
}
