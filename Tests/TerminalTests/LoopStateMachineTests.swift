import ScreenValues
import Testing
@testable import Terminal

/// The event loop's rules as plain sequences of events and the actions they lead to: no
/// curses, no threads, no clock (the instants are made up).
@Suite struct LoopStateMachineTests {
    typealias Machine = LoopStateMachine<String>
    let start = ContinuousClock.now
    let deferral = Duration.milliseconds(50)

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// A machine that has handled the first size, painted the first frame and signalled idle.
    func started(canSuspend: Bool = false) -> Machine {
        var machine = Machine(drawDeferral: deferral, canSuspend: canSuspend)
        machine.resized(width: 80, height: 24)
        #expect(machine.nextAction(now: at(0), outstanding: 0) == .handle(.resized(width: 80, height: 24)))
        #expect(machine.nextAction(now: at(0), outstanding: 0) == .paint(everything: true))
        #expect(machine.nextAction(now: at(0), outstanding: 0) == .signalIdle)
        return machine
    }

    @Test func theFirstSizeIsHandledThenPaintedThenIdleIsSignalledOnce() {
        var machine = started()
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .wait(until: nil))
        #expect(machine.nextAction(now: at(2), outstanding: 0) == .wait(until: nil))
    }

    @Test func keysAreHandledTogetherAndPaintedInOneFrame() {
        var machine = started()
        #expect(machine.keyRead(.character("a")) == .queued)
        #expect(machine.keyRead(.character("b")) == .queued)
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.key(.character("a"))))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.key(.character("b"))))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .paint(everything: false))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .signalIdle)
    }

    @Test func messagesResizesAndTicksGoBeforeWaitingKeys() {
        var machine = started()
        _ = machine.keyRead(.character("a"))
        machine.messagesArrived(["rows"])
        machine.deadlinePassed()
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.message("rows")))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.tick))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.key(.character("a"))))
    }

    /// `x` spawns work; `y`, read in the same batch, waits for its result, and the frame with
    /// them: the key press, its change and the next key land in one frame.
    @Test func aKeyAndTheFrameWaitForTheWorkTheKeyBeforeSpawned() {
        var machine = started()
        _ = machine.keyRead(.character("x"))
        _ = machine.keyRead(.character("y"))
        #expect(machine.nextAction(now: at(10), outstanding: 0) == .handle(.key(.character("x"))))
        // x's work is running: y and the frame wait for it, at most the deferral.
        #expect(machine.nextAction(now: at(10), outstanding: 1) == .wait(until: at(60)))
        #expect(machine.nextAction(now: at(30), outstanding: 1) == .wait(until: at(60)))
        machine.messagesArrived(["done"])
        #expect(machine.nextAction(now: at(40), outstanding: 0) == .handle(.message("done")))
        #expect(machine.nextAction(now: at(40), outstanding: 0) == .handle(.key(.character("y"))))
        #expect(machine.nextAction(now: at(40), outstanding: 0) == .paint(everything: false))
        #expect(machine.nextAction(now: at(40), outstanding: 0) == .signalIdle)
    }

    /// Messages that keep coming faster than they are handled (a large load on a slow build) do not
    /// starve the screen: a frame at least once a deferral, then the backlog goes on.
    @Test func aBacklogOfMessagesStillGetsAFrameEveryDeferral() {
        var machine = started()
        var paints: [Int] = []
        for millisecond in stride(from: 10, through: 200, by: 10) {
            machine.messagesArrived(["rows \(millisecond)", "progress \(millisecond)"])
            // Each message takes the program 10 ms: one handled per look, the next already waiting.
            if case .paint = machine.nextAction(now: at(millisecond), outstanding: 0) { paints.append(millisecond) }
        }
        #expect(paints.count >= 3, "painted at \(paints)")
        #expect(zip(paints, paints.dropFirst()).allSatisfy { $1 - $0 <= 60 }, "no longer than a deferral apart: \(paints)")
    }

    @Test func slowWorkHoldsTheKeyAndTheFrameNoLongerThanTheDeferral() {
        var machine = started()
        _ = machine.keyRead(.character("x"))
        _ = machine.keyRead(.character("y"))
        #expect(machine.nextAction(now: at(10), outstanding: 0) == .handle(.key(.character("x"))))
        #expect(machine.nextAction(now: at(10), outstanding: 1) == .wait(until: at(60)))
        #expect(machine.nextAction(now: at(60), outstanding: 1) == .handle(.key(.character("y"))))
        #expect(machine.nextAction(now: at(60), outstanding: 1) == .paint(everything: false))
        // Painted, but the work is still running: not idle.
        #expect(machine.nextAction(now: at(61), outstanding: 1) == .wait(until: nil))
        #expect(machine.nextAction(now: at(90), outstanding: 0) == .signalIdle)
    }

    /// Each waiting key gets its own hold: `z` waits for the work `y` spawned, even when the
    /// hold `y` waited through is over.
    @Test func everyKeyWaitsAfreshForTheWorkOfTheKeyBeforeIt() {
        var machine = started()
        for key in ["x", "y", "z"] { _ = machine.keyRead(.character(Character(key))) }
        #expect(machine.nextAction(now: at(0), outstanding: 0) == .handle(.key(.character("x"))))
        #expect(machine.nextAction(now: at(0), outstanding: 1) == .wait(until: at(50)))
        #expect(machine.nextAction(now: at(50), outstanding: 1) == .handle(.key(.character("y"))))
        #expect(machine.nextAction(now: at(50), outstanding: 2) == .paint(everything: false))
        #expect(machine.nextAction(now: at(50), outstanding: 2) == .wait(until: at(100)))
        #expect(machine.nextAction(now: at(100), outstanding: 2) == .handle(.key(.character("z"))))
    }

    @Test func aResizeAndARedrawRepaintEveryCell() {
        var machine = started()
        machine.resized(width: 100, height: 30)
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .handle(.resized(width: 100, height: 30)))
        #expect(machine.nextAction(now: at(1), outstanding: 0) == .paint(everything: true))
        _ = machine.keyRead(.control("l"))
        #expect(machine.nextAction(now: at(2), outstanding: 0) == .handle(.key(.control("l"))))
        machine.repaintAllRequested()  // the program answered C-l with `.redrawAll`
        #expect(machine.nextAction(now: at(2), outstanding: 0) == .paint(everything: true))
    }

    @Test func idleWaitsForMessagesAndWork() {
        var machine = started()
        machine.messagesArrived(["first rows"])
        #expect(machine.nextAction(now: at(1), outstanding: 1) == .handle(.message("first rows")))
        #expect(machine.nextAction(now: at(1), outstanding: 1) == .wait(until: at(51)))
        #expect(machine.nextAction(now: at(51), outstanding: 1) == .paint(everything: false))
        #expect(machine.nextAction(now: at(52), outstanding: 1) == .wait(until: nil))
        #expect(machine.nextAction(now: at(70), outstanding: 0) == .signalIdle)
    }

    @Test func ctrlCInterruptsAndCtrlZSuspendsWhenTheLoopCan() {
        var machine = started(canSuspend: true)
        #expect(machine.keyRead(.control("c")) == .interrupt)
        #expect(machine.keyRead(.control("z")) == .suspend)
        var plain = started(canSuspend: false)
        #expect(plain.keyRead(.control("z")) == .queued)
        #expect(plain.nextAction(now: at(1), outstanding: 0) == .handle(.key(.control("z"))))
    }
}
