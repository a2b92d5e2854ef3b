import AmplifyModels
import OptimisticStore
import Testing
@testable import SyncEngine

/// The sender's schedule as plain sequences of events and answers: no server, no sleep.
@Suite struct SendScheduleTests {
    let op1 = OperationID(rawValue: 1), op2 = OperationID(rawValue: 2), op3 = OperationID(rawValue: 3)

    @Test func oldestFirstAtMostNAtOnceOnePerRecord() {
        var schedule = SendSchedule<RecordKey>()
        for id: RecordKey in ["a", "b", "c"] { schedule.waiting(id) }
        schedule.waiting("a")  // waiting twice is waiting once
        let step1 = schedule.nextRecord(maximumParallel: 2)
        #expect(step1 == "a")
        schedule.sending(op1, of: "a")
        let step2 = schedule.nextRecord(maximumParallel: 2)
        #expect(step2 == "b")
        schedule.sending(op2, of: "b")
        let step3 = schedule.nextRecord(maximumParallel: 2)
        #expect(step3 == nil, "two on the wire: no slot")
        schedule.waiting("a")  // a's next operation: it waits for its own answer first
        schedule.settled("b")
        let step4 = schedule.nextRecord(maximumParallel: 2)
        #expect(step4 == "c")
        schedule.sending(op3, of: "c")
        #expect(schedule.isOnTheWire(op1, of: "a"))
        schedule.settled("a")
        let step5 = schedule.nextRecord(maximumParallel: 2)
        #expect(step5 == nil, "a asked while on the wire was not queued")
        schedule.waiting("a")
        let step6 = schedule.nextRecord(maximumParallel: 2)
        #expect(step6 == "a")
    }

    @Test func aRecordBackingOffHoldsNoSlotAndAStaleBackoffEndsNothing() {
        var schedule = SendSchedule<RecordKey>()
        schedule.waiting("a")
        let step7 = schedule.nextRecord(maximumParallel: 1)
        #expect(step7 == "a")
        schedule.sending(op1, of: "a")
        let first = schedule.backOff("a")
        schedule.settled("a")
        #expect(first.failures == 1)
        schedule.waiting("a")
        schedule.waiting("b")
        let step8 = schedule.nextRecord(maximumParallel: 1)
        #expect(step8 == "b", "a steps aside; b takes the slot")
        schedule.sending(op2, of: "b")
        schedule.settled("b")
        let second = schedule.backOff("a")  // failed again meanwhile: a longer wait
        #expect(second.failures == 2)
        let step9 = !schedule.backoffEnded("a", ticket: first.ticket)
        #expect(step9, "the first backoff's timer is stale")
        let step10 = schedule.backoffEnded("a", ticket: second.ticket)
        #expect(step10)
        schedule.waiting("a")
        let step11 = schedule.nextRecord(maximumParallel: 1)
        #expect(step11 == "a")
        schedule.answered("a")
        let step12 = schedule.backOff("a")
        #expect(step12.failures == 1, "an answer starts the count again")
    }
}
