import Testing
import VeilCore
@testable import VeilServer

/// `ParkedSessions`: dropped sessions kept for a resume, bounded per client and in all, so one
/// client's churn never evicts another's; tokens minted from the OS's random source.
struct ParkedSessionsTests {
    static let scene = try! SceneReader.read(Array(#"{"root": {"type": "view"}}"#.utf8), file: "s.json")

    func parked(_ client: String, until: ContinuousClock.Instant = .now.advanced(by: .seconds(60))) -> ParkedSessions.Parked {
        ParkedSessions.Parked(session: SharedSession(Session(scene: Self.scene)), sceneName: "s", client: client,
                              clock: SessionClock(), viewerResized: false, until: until)
    }

    @Test func aClientPastItsBoundLosesItsOwnOldestOnly() {
        var sessions = ParkedSessions(capacity: 100, perClient: 3)
        sessions.park(parked("victim"), token: "v")
        for k in 0 ..< 10 { sessions.park(parked("churn"), token: "c\(k)") }
        #expect(sessions.count(of: "churn") == 3)
        #expect(sessions.take(token: "v", scene: "s", at: .now) != nil, "the victim's session is still there")
        #expect(sessions.take(token: "c9", scene: "s", at: .now) != nil && sessions.take(token: "c0", scene: "s", at: .now) == nil)
    }

    @Test func whenFullTheClientHoldingTheMostLosesItsOldest() {
        var sessions = ParkedSessions(capacity: 4, perClient: 4)
        sessions.park(parked("a"), token: "a0")
        for k in 0 ..< 3 { sessions.park(parked("b"), token: "b\(k)") }
        sessions.park(parked("c"), token: "c0")
        #expect(sessions.count == 4)
        #expect(sessions.take(token: "a0", scene: "s", at: .now) != nil, "a holds one: kept")
        #expect(sessions.take(token: "b0", scene: "s", at: .now) == nil, "b held the most: its oldest went")
    }

    @Test func aTokenIsGoodForOneResumeOfItsSceneUntilItExpires() {
        var sessions = ParkedSessions(capacity: 10, perClient: 10)
        sessions.park(parked("a"), token: "t")
        #expect(sessions.take(token: "t", scene: "other", at: .now) == nil)
        #expect(sessions.take(token: "t", scene: "s", at: .now) != nil)
        #expect(sessions.take(token: "t", scene: "s", at: .now) == nil)
        sessions.park(parked("a", until: .now), token: "late")
        #expect(sessions.expire(at: .now.advanced(by: .seconds(1))) == 1)
        #expect(sessions.count(of: "a") == 0)
    }

    @Test func noneAreKeptWhenTheBoundIsZero() {
        var sessions = ParkedSessions(capacity: 10, perClient: 0)
        sessions.park(parked("a"), token: "t")
        #expect(sessions.count == 0, "--max-parked-per-client 0: dropped sessions end")
    }

    @Test func mintedTokensAreValidAndNeverRepeat() {
        let tokens = (0 ..< 1000).map { _ in ParkedSessions.mintToken() }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy(ParkedSessions.isValidToken))
        for bad in ["", String(repeating: "0", count: 31), String(repeating: "g", count: 32), String(repeating: "A", count: 32)] {
            #expect(!ParkedSessions.isValidToken(bad), "\(bad)")
        }
    }
}
