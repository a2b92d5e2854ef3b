#if os(Linux)
import Glibc
#endif
import Synchronization

/// Gives the memory a large request used back to the system. glibc's malloc keeps freed memory
/// in its arenas, so after a request that built hundreds of megabytes the process stays that
/// large while idle; `malloc_trim(0)` returns the free pages. Measured on `proptui serve` (debug
/// build): idle 58 MB; after three 1,000-alias `__schema` requests and three 20-page lists,
/// 204 MB, and still 204 MB seconds later; after `malloc_trim(0)`, 69 MB.
enum MemoryTrim {
    /// A request that spent at least this much of its answer budget is worth a trim after it.
    static let largeRequestBytes = 1 << 20

    private static let pending = Mutex(false)

    /// Trims once, a moment from now (the answer is written and freed by then); requests that
    /// end meanwhile share that trim.
    static func soon() {
        let first = pending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        guard first else { return }
        Task.detached(priority: .background) {
            try? await Task.sleep(for: .seconds(1))
            pending.withLock { $0 = false }
            _ = trim?(0)
        }
    }

    /// glibc's `malloc_trim`, found at run time: Swift's Glibc module leaves out `malloc.h`.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
