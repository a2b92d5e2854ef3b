import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One reading of the memory in use, for "bytes per record".
///
/// The measure wanted is glibc's heap in use, `mallinfo2()`'s `uordblks + hblkhd`. Swift's
/// Glibc module does not import `<malloc.h>`, and `mallinfo2` returns a struct, so it cannot
/// be called through `dlsym` either. `malloc_stats()` (void → void, callable through `dlsym`)
/// prints that very sum, over all arenas, as its last "in use bytes" line on stderr; stderr
/// is pointed at a temporary file for the call. Its counter is 32 bits, so readings above
/// 4 GiB (judged by VmRSS) are not trusted, and without glibc there is no heap reading:
/// then the growth of VmRSS is used instead, which is page-granular and counts the
/// allocator's retained free pages (noisy below ~100k records).
struct MemoryReading {
    enum Source: String, Sendable { case heap = "heap in use", residentSetSize = "VmRSS" }

    /// Heap bytes in use; nil when no trustworthy reading could be made.
    let heap: Int?
    let residentSetSize: Int

    static func now() -> MemoryReading {
        let resident = residentSetSizeNow()
        if resident < 4 << 30, let heap = heapInUseNow() {
            return MemoryReading(heap: heap, residentSetSize: resident)
        }
        // Only the VmRSS fallback needs the trim; it is not done otherwise, because the
        // freed pages would then fault in again inside the timed operations.
        trimHeap()
        return MemoryReading(heap: nil, residentSetSize: residentSetSizeNow())
    }

    /// Growth from `start` to the larger of `later`, from the heap readings when all have one
    /// (a mix happens only around the 4 GiB limit; VmRSS then decides, roughly).
    static func growth(from start: MemoryReading, to later: [MemoryReading]) -> (bytes: Int, source: Source) {
        if let base = start.heap {
            let heaps = later.compactMap(\.heap)
            if heaps.count == later.count, let peak = heaps.max() { return (max(0, peak - base), .heap) }
        }
        let peak = later.map(\.residentSetSize).max() ?? start.residentSetSize
        return (max(0, peak - start.residentSetSize), .residentSetSize)
    }

    static let heapDescription =
        "heap in use (mallinfo2's uordblks + hblkhd, read via glibc's malloc_stats(): mallinfo2 is not importable from Swift)"
    static let residentSetSizeDescription = "growth of VmRSS (/proc/self/status) after malloc_trim(0)"

    private static func heapInUseNow() -> Int? {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_stats"), let capture = tmpfile() else { return nil }
        defer { fclose(capture) }
        let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        let savedStandardError = dup(STDERR_FILENO)
        guard savedStandardError >= 0 else { return nil }
        // glibc's stderr is unbuffered: everything malloc_stats prints goes straight to the file.
        dup2(fileno(capture), STDERR_FILENO)
        mallocStats()
        dup2(savedStandardError, STDERR_FILENO)
        close(savedStandardError)

        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        lseek(fileno(capture), 0, SEEK_SET)
        while true {
            let count = read(fileno(capture), &chunk, chunk.count)
            if count <= 0 { break }
            text.append(contentsOf: chunk[..<count])
        }
        // "Total (incl. mmap):" comes last, so the last "in use bytes" line is the total.
        let line = String(decoding: text, as: UTF8.self).split(separator: "\n")
            .last { $0.hasPrefix("in use bytes") }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }
        #else
        return nil
        #endif
    }

    private static func residentSetSizeNow() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1_024
    }

    /// Hands the allocator's free pages back to the kernel, so that VmRSS approaches the heap
    /// in use: otherwise memory freed by the previous engine stays resident and the next
    /// engine's growth is understated by up to glibc's trim threshold (tens of MB).
    private static func trimHeap() {
        #if canImport(Glibc)
        if let symbol = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        #endif
    }
}
