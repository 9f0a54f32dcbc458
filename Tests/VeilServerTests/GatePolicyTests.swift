import Testing
@testable import VeilServer

/// `GatePolicy` and `RefusalLog`: the header gate's decisions, without sockets.
struct GatePolicyTests {
    let policy = GatePolicy(handshakeTimeout: 10, hosts: HostPolicy(host: "127.0.0.1"))

    @Test func refusesForeignHostsThenMethodsOtherThanGetAndHead() {
        #expect(policy.refusal(method: "GET", host: "localhost:8080") == nil)
        #expect(policy.refusal(method: "HEAD", host: nil) == nil)
        #expect(policy.refusal(method: "GET", host: "evil.example")?.status == "403 Forbidden")
        #expect(policy.refusal(method: "POST", host: "evil.example")?.status == "403 Forbidden")
        let post = policy.refusal(method: "POST", host: "127.0.0.1")
        #expect(post?.status == "405 Method Not Allowed")
        #expect(post?.headers == "Allow: GET, HEAD\r\n")
    }

    @Test func deadlinesShrinkUnderPressure() {
        #expect(policy.deadline(acceptedAt: 100, pending: GatePolicy.pressure - 1) == 110)
        #expect(policy.deadline(acceptedAt: 100, pending: GatePolicy.pressure) == 100 + GatePolicy.pressureSeconds)
        #expect(policy.timedOut(accepted: 100, deadline: 110).body == "request headers not complete within 10 s\n")
        #expect(policy.timedOut(accepted: 100, deadline: 101).body == "request headers not complete within 1.0 s (the server is busy)\n")
    }

    /// Per client: only its own overdue connections count, and 16 of them refuse the next with 429.
    @Test func aClientHoldingOverdueConnectionsIsRefused() {
        let pending = (0 ..< 16).map { (client: "10.0.0.1", accepted: Double($0) * 0.01) } + [(client: "10.0.0.2", accepted: 0)]
        #expect(GatePolicy.overdue(of: "10.0.0.1", among: pending, at: 0.5) == 0)
        #expect(GatePolicy.overdue(of: "10.0.0.1", among: pending, at: 5) == 16)
        #expect(GatePolicy.overdue(of: "10.0.0.2", among: pending, at: 5) == 1)
        #expect(GatePolicy.flood(of: "10.0.0.1", overdue: 15) == nil)
        #expect(GatePolicy.flood(of: "10.0.0.1", overdue: 16)?.status == "429 Too Many Requests")
    }

    @Test func refusalsAreLoggedTenASecond() {
        var log = RefusalLog()
        let lines = (0 ..< 15).flatMap { log.note("refused \($0)", at: 7.25) }
        #expect(lines == (0 ..< 10).map { "refused \($0)" })
        #expect(log.note("later", at: 8.5) == ["5 more refused request(s) not logged", "later"])
    }
}
