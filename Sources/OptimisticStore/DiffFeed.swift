import Synchronization

/// The store's changes on their way to one consumer (the screen), coalesced: what the
/// consumer takes is the union of every diff published since it last took one.
///
/// Why coalesce: a stream that queues each diff wakes the consumer once per diff, and
/// each wake-up is paid by the store's owner on its hot path (a lock, a queued element,
/// often a thread woken). Here a publish is one uncontended lock and a set union, and the
/// consumer is signalled only when the pending diff goes from empty to non-empty. Nothing
/// is lost: a diff names ids, the consumer reads their current state when it takes them,
/// and the union names every id any of the replaced diffs named.
public final class DiffFeed<ID: Hashable & Sendable>: Sendable {
    public typealias Diff = StoreDiff<ID>

    @usableFromInline let pending = Mutex(Diff())
    /// Buffers at most one signal: one is enough to make the consumer take everything.
    @usableFromInline let signal: AsyncStream<Void>.Continuation
    /// Yields once whenever diffs arrived since the consumer last took them; ends with the store.
    public let signals: AsyncStream<Void>

    public init() {
        (signals, signal) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    deinit { signal.finish() }

    /// Adds a diff to what the consumer will take next.
    @inlinable
    public func publish(_ diff: Diff) {
        guard !diff.isEmpty else { return }
        let wasEmpty = pending.withLock { pending in
            if pending.isEmpty {
                pending = diff
                return true
            }
            pending.formUnion(diff)
            return false
        }
        if wasEmpty { signal.yield() }
    }

    /// Everything published since the last call, as one diff (empty if nothing was).
    public func take() -> Diff {
        pending.withLock { pending in
            defer { pending = Diff() }
            return pending
        }
    }

    /// Whether everything published has been taken.
    public var isDrained: Bool { pending.withLock { $0.isEmpty } }

    /// No more diffs will come (the store is gone): `signals` ends.
    func finish() { signal.finish() }
}
