import Foundation

/// The threads GraphQL execution runs on, apart from Swift's shared pool. The library completes
/// a page as one child task per item and per field: a large request queues thousands of tasks,
/// and on the shared pool (one thread per core) everything else, `{ __typename }`, other
/// requests, the execution deadline's own timer, waited behind them. On threads of their own,
/// at most `threadCount` cores do that work (one on a 2-core machine), and the shared pool stays
/// free for the rest. Tasks started with this executor as their preference keep it for all
/// their children.
final class ExecutionThreads: TaskExecutor, @unchecked Sendable {
    /// One core is left for everything else.
    static let shared = ExecutionThreads(threadCount: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [UnownedJob] = []
    private var head = 0

    init(threadCount: Int) {
        for index in 0..<threadCount {
            let thread = Thread { [self] in runJobs() }
            thread.name = "proptui.graphql-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while head == queue.count { condition.wait() }
            let job = queue[head]
            head += 1
            // Drop the jobs already run once they are most of the array.
            if head > 1024, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
