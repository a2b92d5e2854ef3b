import CPseudoTerminal
import Foundation
import Glibc
import Synchronization

/// A program running in a pseudo-terminal this process owns: we are its terminal. Output is
/// read on a thread of its own (a blocking `read`, never on the concurrency pool).
final class PseudoTerminalProcess: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private let master: Int32
    private let exitStatus = Mutex<Int32?>(nil)
    private let readerFinished = Mutex(false)

    /// Starts `executable` and calls `output` (on the reader thread) with each chunk it writes.
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
        // The thread keeps the process object (and so the master side) alive until the output ends.
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(self.master, $0.baseAddress, $0.count) }
                if count > 0 {
                    output(Array(buffer[..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // EIO once the program and everything it started have closed the terminal
                }
            }
            readerFinished.withLock { $0 = true }
        }
        thread.name = "proptui.demo.reader"
        thread.start()
    }

    deinit {
        close(master)
    }

    /// Types bytes as the terminal's keyboard.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EINTR && errno != EAGAIN {
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
    var outputFinished: Bool { readerFinished.withLock { $0 } }

    func signal(_ signal: Int32) {
        if exited == nil { kill(pid, signal) }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
