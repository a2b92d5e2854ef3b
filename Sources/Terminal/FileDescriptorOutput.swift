import Foundation

enum FileDescriptorOutput {
    /// Writes every byte of `text` (a terminal may take a long write in parts); false when the
    /// descriptor fails. A descriptor that would block is waited for.
    static func writeAll(_ text: String, to output: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN {
                var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1_000)
                continue
            }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
