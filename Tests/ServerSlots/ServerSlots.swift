/// How many tests may run a server at once, across every test target (they share one process).
///
/// Swift Testing starts every test at once. On a 2-core machine with another process holding a
/// core, dozens of servers, their clients and their SQLite files then share the cooperative pool's
/// two threads, and requests outwait their guards (issue 29: 116 issues with one core busy). A test
/// waits for a slot without holding a thread, and its guards start counting only once it has one.
/// `PROPTUI_TEST_SERVERS` sets the number (at least 1).
public actor ServerSlots {
    public static let shared = ServerSlots(
        limit: ProcessInfoLite.environment("PROPTUI_TEST_SERVERS").flatMap(Int.init).map { max(1, $0) } ?? 3)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { free = limit }

    /// Whether the running task holds a slot already: a server started inside another's test
    /// (nested helpers) takes none, so that it cannot wait for itself.
    @TaskLocal static var holding = false

    /// Runs `body` once a slot is free, and frees it after.
    public static func withSlot<T>(_ body: () async throws -> T) async throws -> T {
        if holding { return try await body() }
        await shared.acquire()
        do {
            let value = try await $holding.withValue(true) { try await body() }
            await shared.release()
            return value
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next in line
        }
    }
}

/// The environment, without Foundation (this target needs nothing else).
enum ProcessInfoLite {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
