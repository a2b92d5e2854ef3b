import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processor time this process has used (user and system, every thread): the server, the
/// app and the bench share it. On a shared machine a load's wall time grows with whatever else
/// runs; the processor time it takes does not, so the report gives both.
struct ProcessorTime {
    let seconds: Double

    static func now() -> ProcessorTime {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return ProcessorTime(seconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Milliseconds used since `start`.
    func milliseconds(since start: ProcessorTime) -> Double { (seconds - start.seconds) * 1_000 }
}
