import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP relay on loopback in front of the embedded server: every byte passes as it is, both
/// ways, and the requests are counted as they pass, by the GraphQL field their document asks
/// (`listEntries(`: a page of the list or of a scan), once they have been handed to the server.
/// What the server receives, counted outside the client and without a double of the server.
final class CountingRelay: Sendable {
    /// Where clients connect instead of the server.
    let port: Int
    private let listener: Int32
    /// The text each counted request names, and how many passed.
    private let markers: [[UInt8]]
    private let counts: Mutex<[Int]>
    /// Every connection's two sockets, to be shut when the relay stops.
    private let sockets = Mutex<(stopped: Bool, open: Set<Int32>)>((false, []))

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// A relay to the server listening on `target`, counting the requests whose bytes hold each of `markers`.
    init(to target: Int, counting markers: [String]) throws {
        self.markers = markers.map { Array($0.utf8) }
        counts = Mutex(Array(repeating: 0, count: markers.count))
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptConnections(to: target) }
    }

    /// How many requests naming `marker` have passed to the server so far.
    func arrivals(_ marker: String) -> Int {
        guard let index = markers.firstIndex(of: Array(marker.utf8)) else { preconditionFailure("\(marker) is not counted") }
        return counts.withLock { $0[index] }
    }

    /// Closes the listener and every connection through the relay (once: again does nothing).
    func stop() {
        // Wakes the accepting thread (which then closes the listener) and every pumping one; under
        // the lock, so that no socket is closed (and its number taken by another file) meanwhile.
        sockets.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for socket in state.open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }

    private func acceptConnections(to target: Int) {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if sockets.withLock({ $0.stopped }) { return }
                usleep(1000)  // EINTR, or out of descriptors for a moment
                continue
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: UInt16(target))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let admitted = connected == 0 && sockets.withLock { state in
                guard !state.stopped else { return false }
                state.open.formUnion([client, server])
                return true
            }
            guard admitted else {
                close(client)
                close(server)
                continue
            }
            // The two directions; the last to end closes both sockets.
            let ends = Mutex(0)
            let finish: @Sendable () -> Void = { [self] in
                guard ends.withLock({ count in count += 1; return count == 2 }) else { return }
                sockets.withLock { state in
                    state.open.subtract([client, server])
                    close(client)
                    close(server)
                }
            }
            Thread.detachNewThread { [self] in
                pump(from: client, to: server, counting: true)
                finish()
            }
            Thread.detachNewThread { [self] in
                pump(from: server, to: client, counting: false)
                finish()
            }
        }
    }

    /// Copies `source` to `destination` until either ends, then shuts both (so that the other
    /// direction ends too); counts the markers in what it copied when asked.
    private func pump(from source: Int32, to destination: Int32, counting: Bool) {
        defer {
            shutdown(source, Int32(SHUT_RDWR))
            shutdown(destination, Int32(SHUT_RDWR))
        }
        let longest = markers.map(\.count).max() ?? 1
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // The end of what came before: a marker may be split between two reads.
        var tail: [UInt8] = []
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return }
            var sent = 0
            while sent < read {
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + sent, read - sent, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                sent += written
            }
            guard counting else { continue }
            let window = tail + buffer[0..<read]
            count(in: window, newFrom: tail.count)
            tail = Array(window.suffix(longest - 1))
        }
    }

    /// Counts each marker's occurrences in `window` that end past `newFrom` (those wholly in the
    /// part seen before were counted then).
    private func count(in window: [UInt8], newFrom: Int) {
        var found = Array(repeating: 0, count: markers.count)
        for (index, marker) in markers.enumerated() where window.count >= marker.count {
            for start in 0...(window.count - marker.count) where start + marker.count > newFrom {
                if window[start] == marker[0], window[start..<(start + marker.count)].elementsEqual(marker) { found[index] += 1 }
            }
        }
        guard found.contains(where: { $0 > 0 }) else { return }
        counts.withLock { counts in
            for index in counts.indices { counts[index] += found[index] }
        }
    }
}
