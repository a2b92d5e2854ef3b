import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Asks for a user pool's user name and password on the terminal, before the screen takes it:
/// the password without echo, never stored. Once the screen runs (`close()`), it cannot ask and
/// answers nil, so a session that ends mid-run is reported instead of prompted for.
final class SignInPrompt: Sendable {
    private let username: String?
    private let password: String?
    private let isOpen = Mutex(true)
    /// The same password is used again only for the first sign-in (from PROPTUI_PASSWORD).
    private let used = Mutex(false)

    init(username: String?, password: String?) {
        self.username = username
        self.password = password
    }

    func stopAsking() { isOpen.withLock { $0 = false } }

    func ask(reason: String) async -> (username: String, password: String)? {
        if let username, let password, !used.withLock({ let was = $0; $0 = true; return was }) {
            return (username, password)
        }
        guard isOpen.withLock({ $0 }) else { return nil }
        // Reading the terminal blocks: on a thread of its own, not the concurrency pool's.
        return await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: askBlocking(reason: reason)) }
            thread.name = "proptui.sign-in"
            thread.start()
        }
    }

    private func askBlocking(reason: String) -> (username: String, password: String)? {
        let tty = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { Glibc.close(tty) }
        show(tty, "proptui: \(reason).\n")
        let name: String
        if let username {
            name = username
            show(tty, "User name: \(username)\n")
        } else {
            show(tty, "User name: ")
            guard let line = readLine(tty, echo: true), !line.isEmpty else { return nil }
            name = line
        }
        show(tty, "Password: ")
        guard let secret = readLine(tty, echo: false), !secret.isEmpty else { return nil }
        return (name, secret)
    }

    private func show(_ tty: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(tty, $0.baseAddress, $0.count - 1) }
    }

    /// One line from the terminal; with `echo` off the typed characters are not shown. Hidden
    /// input is read a byte at a time with signals off, so that Ctrl-C cancels here (answering
    /// nil) instead of killing proptui with the terminal's echo still off.
    private func readLine(_ tty: Int32, echo: Bool) -> String? {
        var saved = termios()
        let isTerminal = tcgetattr(tty, &saved) == 0
        if isTerminal, !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
            withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if isTerminal, !echo {
                tcsetattr(tty, TCSAFLUSH, &saved)
                show(tty, "\n")
            }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1 {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return String(decoding: bytes, as: UTF8.self)
            case 0x03, 0x1C: return nil  // Ctrl-C or Ctrl-\ cancels
            case 0x04 where bytes.isEmpty: return nil  // Ctrl-D on an empty line
            case 0x7F, 0x08:  // Backspace: the last character, all of its UTF-8 bytes
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            case 0x15: bytes.removeAll()  // Ctrl-U
            default: bytes.append(byte)
            }
            if bytes.count > 4096 { return nil }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
