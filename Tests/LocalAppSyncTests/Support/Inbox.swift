import GraphQL

/// Messages received on a test socket, handed out in order; `next` waits for one.
actor Inbox {
    private var buffered: [Map] = []
    private var waiters: [CheckedContinuation<Map?, Never>] = []
    private(set) var isFinished = false

    func push(_ message: Map) {
        if waiters.isEmpty { buffered.append(message) } else { waiters.removeFirst().resume(returning: message) }
    }

    func finish() {
        isFinished = true
        for waiter in waiters { waiter.resume(returning: nil) }
        waiters.removeAll()
    }

    /// The next message, or nil once the socket has closed.
    func next() async -> Map? {
        if !buffered.isEmpty { return buffered.removeFirst() }
        if isFinished { return nil }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
