import Foundation
import ScreenValues
import Terminal

/// Runs the terminal's event loop on a thread of its own: it blocks in `poll`,
/// which must never happen on one of the concurrency pool's few threads (nor on
/// the main actor, which async work may need).
enum TerminalThread {
    /// Any program, made on the loop's thread.
    static func run<Program: TerminalProgram & SendableMetatype>(
        mailbox: Mailbox<Program.Message>, options: TerminalOptions, program make: @escaping @Sendable () -> Program
    ) async throws -> LoopExit {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                var program = make()
                do {
                    continuation.resume(returning: try TerminalSession.run(&program, mailbox: mailbox, options: options))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "proptui.terminal"
            thread.start()
        }
    }
}
