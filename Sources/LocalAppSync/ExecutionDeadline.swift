import Synchronization

/// Runs a request's work against AppSync's execution time limit.
enum ExecutionDeadline {
    /// Runs `work` in a task of its own and answers its result, or nil once `limit` has passed.
    /// Then the work is cancelled and left to wind down: the caller answers at once rather than
    /// after the work notices (resolvers check for cancellation before they read or write).
    /// `executor`: where the work runs (`ExecutionThreads` for a request that may be large); the
    /// timer always runs on the shared pool, so the deadline is kept however busy the work is.
    static func run<T: Sendable>(
        within limit: Duration, on executor: (any TaskExecutor)? = nil, _ work: @Sendable @escaping () async -> T
    ) async -> T? {
        let task = Task(executorPreference: executor) { await work() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
                let answer = AnswerOnce(continuation)
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    if answer.resume(returning: nil) { task.cancel() }
                }
                Task {
                    let value = await task.value
                    if answer.resume(returning: value) { timer.cancel() }
                }
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// A continuation the first of two racers resumes; the second finds it taken.
    private final class AnswerOnce<T: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<T?, Never>?>

        init(_ continuation: CheckedContinuation<T?, Never>) { self.continuation = Mutex(continuation) }

        /// Whether this call was the one that answered.
        func resume(returning value: T?) -> Bool {
            guard let continuation = continuation.withLock({ taken in defer { taken = nil }; return taken }) else { return false }
            continuation.resume(returning: value)
            return true
        }
    }
}
