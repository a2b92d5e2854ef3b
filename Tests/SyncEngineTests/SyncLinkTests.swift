import AppSync
import Testing
@testable import SyncEngine

/// The link as plain sequences of events and the actions they ask for: no server, no sleep.
@Suite struct SyncLinkTests {
    @Test func theFirstAnswerMakesItOnline() {
        var link = SyncLink()
        #expect(link.shown == .connecting)
        let outcome1 = link.answered()
        #expect(outcome1 == [])
        #expect(link.shown == .online)
        let outcome2 = link.takeShownChange()
        #expect(outcome2 == .online)
        let outcome3 = link.takeShownChange()
        #expect(outcome3 == nil, "told once")
    }

    @Test func unreachableStartsOneProbeAndAnAnswerResumes() {
        var link = SyncLink()
        _ = link.answered()
        let outcome4 = link.failed(.unreachable("refused"))
        #expect(outcome4 == [.startProbing])
        #expect(link.shown == .offline("refused"))
        let outcome5 = link.failed(.unreachable("refused again"))
        #expect(outcome5 == [], "one probe at a time")
        let outcome6 = link.probeSending()
        #expect(outcome6)
        #expect(link.shown == .reconnecting)
        link.probeUnanswered("still refused")
        #expect(link.shown == .offline("still refused"))
        let outcome7 = link.probeSending()
        #expect(outcome7)
        let outcome8 = link.answered()
        #expect(outcome8 == [.stopProbing, .resumeSending])
        #expect(link.pause == nil)
        #expect(link.shown == .online)
    }

    @Test func anyAnswerEndsAPauseNotOnlyTheProbes() {
        // A page or a mutation answered while paused: sending goes on (it used to stay paused
        // under an "online" header).
        var link = SyncLink()
        _ = link.failed(.unreachable("refused"))
        let outcome9 = link.answered()
        #expect(outcome9 == [.resumeSending])
        #expect(link.pause == nil)
    }

    @Test func credentialsAndMisconfigurationAreSaidOnceAndNotProbed() {
        var link = SyncLink()
        let refused = AppSyncFailure.unauthorized("You are not authorized to make this call.")
        let outcome10 = link.failed(refused)
        #expect(outcome10 == [.reportStopped(refused)])
        #expect(link.shown == .unauthorized("You are not authorized to make this call."))
        let outcome11 = link.failed(refused)
        #expect(outcome11 == [], "said once")
        let outcome12 = link.probeSending()
        #expect(!outcome12, "nothing to probe for: only the user can fix it")
        var mismatch = SyncLink()
        _ = mismatch.failed(.notOffered("the API has no field _version in RealEstateProperty"))
        #expect(mismatch.shown == .misconfigured("the API has no field _version in RealEstateProperty"))
    }

    @Test func aProbeThatMeetsRefusedCredentialsStops() {
        var link = SyncLink()
        _ = link.failed(.unreachable("refused"))
        let outcome13 = link.probeSending()
        #expect(outcome13)
        let refused = AppSyncFailure.unauthorized("expired")
        let outcome14 = link.failed(refused)
        #expect(outcome14 == [.stopProbing, .reportStopped(refused)])
        #expect(link.pause == refused)
    }

    @Test func transientFailuresAreTheRecordsBusiness() {
        var link = SyncLink()
        _ = link.answered()
        let outcome15 = link.failed(.transient("timeout"))
        #expect(outcome15 == [])
        let outcome16 = link.failed(.rejected(GraphQLError(message: "no")))
        #expect(outcome16 == [])
        #expect(link.shown == .online)
    }

    @Test func liveSyncDownShowsOnlyWhileRequestsGetThrough() {
        var link = SyncLink()
        _ = link.answered()
        link.liveSync(.down("retrying in 4 s; connection refused"))
        #expect(link.shown == .liveSyncDown("retrying in 4 s; connection refused"))
        #expect(link.requests == .online, "requests still get through")
        _ = link.failed(.unreachable("refused"))
        #expect(link.shown == .offline("refused"), "offline says more")
        // The server is back: the socket that went down with it is opened again at once, not
        // said to be down with the outage's reason.
        #expect(link.answered() == [.resumeSending, .reopenLiveSync])
        #expect(link.shown == .online)
        link.liveSync(.subscribed)
        #expect(link.shown == .online)
        // Down while requests get through, it is said; an answer then changes nothing.
        link.liveSync(.down("retrying in 2 s; connection reset"))
        #expect(link.answered() == [])
        #expect(link.shown == .liveSyncDown("retrying in 2 s; connection reset"))
    }
}
