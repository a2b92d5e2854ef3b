import Glibc
import Synchronization

/// How background tasks reach the loop's thread: they post messages here (from
/// any thread or task), and a byte written to a wake pipe makes the loop's
/// `poll` return. The loop drains every message before it draws.
///
/// `spawn` also counts the work under way, so the loop knows a result is coming:
/// it holds the next frame back a moment for it (the key press and its change
/// then land in one frame) and does not signal idle until it has arrived.
public final class Mailbox<Message: Sendable>: Sendable {
    private struct Contents {
        var messages: [Message] = []
        var outstanding = 0
    }

    private let contents = Mutex(Contents())
    /// The loop polls this end.
    let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        guard let ends = makeNonBlockingPipe() else {
            throw Unavailable(description: "cannot create the wake pipe: errno \(errno)")
        }
        (wakeReadDescriptor, wakeWriteDescriptor) = ends
    }

    deinit {
        close(wakeReadDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Hands a message to the loop. Safe from any thread.
    public func post(_ message: Message) {
        contents.withLock { $0.messages.append(message) }
        wake()
    }

    /// Hands several messages to the loop at once: it takes them in the same look, so they
    /// land in the same frame.
    public func post(contentsOf messages: [Message]) {
        guard !messages.isEmpty else { return }
        contents.withLock { $0.messages.append(contentsOf: messages) }
        wake()
    }

    /// Runs `work` in a detached task (never on the loop's thread, which blocks in
    /// `poll`) and posts what it returns. Until it returns, the loop counts it as
    /// outstanding. Use it for the quick, local part of an effect (the store
    /// applying a change), not for a network round trip.
    public func spawn(_ work: @escaping @Sendable () async -> [Message]) {
        contents.withLock { $0.outstanding += 1 }
        Task.detached {
            let results = await work()
            self.contents.withLock {
                $0.messages.append(contentsOf: results)
                $0.outstanding -= 1
            }
            self.wake()
        }
    }

    /// Takes every message posted so far, and how much spawned work is still running.
    func take() -> (messages: [Message], outstanding: Int) {
        drainWakeups()
        return contents.withLock { contents in
            let messages = contents.messages
            contents.messages.removeAll(keepingCapacity: true)
            return (messages, contents.outstanding)
        }
    }

    var outstanding: Int { contents.withLock { $0.outstanding } }

    /// Whether messages wait to be taken.
    var hasMessages: Bool { contents.withLock { !$0.messages.isEmpty } }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriteDescriptor, &byte, 1)  // a full pipe (EAGAIN) already means "wake up"
    }

    private func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeReadDescriptor, &buffer, buffer.count) > 0 {}
    }
}

/// A pipe whose ends do not block and are closed on exec: the self-pipe of the
/// mailbox and of the signal handlers.
func makeNonBlockingPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}
