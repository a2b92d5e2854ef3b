import Testing
@testable import LocalAppSync

@Suite struct WriteClockTests {
    @Test func everyMillisecondHasItsOwnTimestamp() {
        let start: Int64 = 1_763_858_281_000
        let stamps = (start..<(start + 2000)).map(WriteClock.awsDateTime)
        #expect(Set(stamps).count == stamps.count, "two writes a millisecond apart never share a createdAt")
        #expect(stamps == stamps.sorted(), "the text sorts as the times do")
        #expect(WriteClock.awsDateTime(milliseconds: 1_763_858_281_004) == "2025-11-23T00:38:01.004Z")
        #expect(WriteClock.awsDateTime(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(WriteClock.awsDateTime(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
    }

    @Test func writeTimesStrictlyIncrease() {
        let clock = WriteClock()
        let times = (0..<1000).map { _ in clock.nextWriteTime() }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func aSyncStartsNoEarlierThanTheLastWriteEvenWhenWritesRunAheadOfTheWallClock() {
        let clock = WriteClock()
        // Far more writes than milliseconds pass: their times run ahead of the wall clock.
        let last = (0..<20_000).map { _ in clock.nextWriteTime() }.last!
        #expect(last > clock.now(), "the writes ran ahead of the wall clock (else this test shows nothing)")
        // A delta from this startedAt must not send every one of those writes again.
        let startedAt = clock.syncStart()
        #expect(startedAt >= last)
        #expect(clock.nextWriteTime() >= startedAt, "a write after the sync began is in the next delta")
    }
}
