import CPseudoTerminal
import Foundation
import Glibc
import Synchronization

/// A program running in a pseudo-terminal this process owns: we are its terminal.
///
/// Its output is read on a thread of its own (waiting in `poll`, never on the concurrency
/// pool), and also by `drain()`, which the player calls before it looks at the screen: bytes
/// are only ever read and handed on under one lock, so once `drain()` returns, everything the
/// program wrote before it was called has been seen. (Without it, the app's idle signal, a
/// file, could be read before the frame it follows has come out of the terminal.)
final class PseudoTerminalProcess: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private let master: Int32
    private let exitStatus = Mutex<Int32?>(nil)
    /// True once the terminal has closed (every process on it has ended) and all of it was read.
    private let finished = Mutex(false)
    private let output: @Sendable ([UInt8]) -> Void

    /// Starts `executable` and calls `output` with each chunk it writes.
    init(
        executable: String, arguments: [String], environment: [String: String], width: Int, height: Int,
        output: @escaping @Sendable ([UInt8]) -> Void
    ) throws {
        var master: Int32 = -1
        var pid: pid_t = 0
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let error = Self.withCStrings(argv) { argv in
            Self.withCStrings(envp) { envp in
                proptui_spawn_in_pseudo_terminal(executable, argv, envp, UInt16(height), UInt16(width), &master, &pid)
            }
        }
        guard error == 0 else {
            throw StartFailure(description: "cannot start \(executable) in a pseudo-terminal: \(String(cString: strerror(error)))")
        }
        self.pid = pid
        self.master = master
        self.output = output
        // The thread keeps the process object (and so the master side) alive until the output ends.
        let thread = Thread { [self] in
            var descriptor = pollfd(fd: self.master, events: Int16(POLLIN), revents: 0)
            while !outputFinished {
                if poll(&descriptor, 1, 100) < 0 && errno != EINTR { break }
                drain()
            }
        }
        thread.name = "proptui.demo.reader"
        thread.start()
    }

    deinit {
        close(master)
    }

    /// Reads and hands on everything the program has written so far.
    func drain() {
        finished.withLock { finished in
            guard !finished else { return }
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 {
                    output(Array(buffer[..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else if count < 0 && errno == EAGAIN {
                    return  // all read, for now
                } else {
                    finished = true  // EIO once the program and everything it started have closed the terminal
                    return
                }
            }
        }
    }

    /// Types bytes as the terminal's keyboard.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EAGAIN {
                drain()  // the program is not reading its input yet; make room on our side meanwhile
                usleep(1000)
            } else if written < 0 && errno != EINTR {
                return  // the program has gone; the player notices through `exited`
            }
        }
    }

    /// The exit status (or 128 + signal) once the program has ended; nil while it runs.
    var exited: Int32? {
        exitStatus.withLock { known in
            if let known { return known }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            let low = status & 0x7F
            known = low == 0 ? (status >> 8) & 0xFF : 128 + low
            return known
        }
    }

    /// True once everything the program wrote has been read.
    var outputFinished: Bool { finished.withLock { $0 } }

    func signal(_ signal: Int32) {
        if exited == nil { kill(pid, signal) }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
