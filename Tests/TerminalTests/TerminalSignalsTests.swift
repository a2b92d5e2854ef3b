import Glibc
import Testing
@testable import Terminal

extension Curses {
    /// The handlers on a pseudo-terminal: settings restored, interrupts delivered to the loop's pipe.
    @Suite struct TerminalSignalsTests {
        @Test func restoresTheSavedSettingsAndLeavesCursesModes() throws {
            let (master, terminal) = try #require(openPseudoTerminal())
            defer {
                close(master)
                close(terminal)
            }
            var original = termios()
            tcgetattr(terminal, &original)

            let pipe = TerminalSignals.install(terminal: terminal)
            defer { TerminalSignals.uninstall(pipe: pipe) }
            var raw = original
            cfmakeraw(&raw)
            tcsetattr(terminal, TCSANOW, &raw)
            TerminalSignals.captureRestoreSequence(Array("<restore>".utf8))

            TerminalSignals.restoreTerminalFromHandler()  // what the crash handler does first
            var restored = termios()
            tcgetattr(terminal, &restored)
            #expect(restored.c_lflag == original.c_lflag)
            #expect(restored.c_iflag == original.c_iflag)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(master, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).contains("<restore>"))
        }

        @Test func anInterruptReachesTheLoopThroughThePipe() throws {
            let pipe = try #require(TerminalSignals.install(terminal: -1))
            defer { TerminalSignals.uninstall(pipe: pipe) }
            // To the process, not this thread: test runner threads block these signals.
            kill(getpid(), SIGTERM)
            kill(getpid(), SIGWINCH)
            var readable = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            #expect(poll(&readable, 1, 5000) == 1)
            var caught = TerminalSignals.takeCaught()
            let deadline = ContinuousClock.now + .seconds(5)
            while caught & (1 << UInt32(SIGWINCH)) == 0 || caught & (1 << UInt32(SIGTERM)) == 0,
                ContinuousClock.now < deadline
            {
                usleep(1000)
                caught |= TerminalSignals.takeCaught()
            }
            #expect(caught & (1 << UInt32(SIGTERM)) != 0)
            #expect(caught & (1 << UInt32(SIGWINCH)) != 0)
            #expect(TerminalSignals.takeCaught() == 0)
        }
    }
}

/// A pseudo-terminal pair (controller, terminal). posix_openpt and friends do not
/// import into Swift, so this goes through /dev/ptmx and the Linux ioctls
/// TIOCSPTLCK (unlock) and TIOCGPTN (its number), whose macros do not import either.
func openPseudoTerminal() -> (Int32, Int32)? {
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard controller >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: Int32 = 0
    guard ioctl(controller, UInt(0x4004_5431), &unlock) == 0, ioctl(controller, UInt(0x8004_5430), &number) == 0 else {
        close(controller)
        return nil
    }
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
        close(controller)
        return nil
    }
    return (controller, terminal)
}
