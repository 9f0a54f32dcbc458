import Testing
@testable import VeilServer

/// `HostPolicy`: the Host headers the server answers (DNS rebinding).
struct HostPolicyTests {
    @Test func loopbackNamesAddressesAndTheGivenHostsAreAnswered() {
        let policy = HostPolicy(host: "127.0.0.1", allowed: ["preview.test", ".veil.test"])
        for host in ["localhost", "localhost:8080", "LOCALHOST.", "app.localhost:3000", "127.0.0.1:8080", "10.0.0.7",
                     "[::1]:8080", "[fe80::1]", "preview.test", "Preview.Test:80", "veil.test", "a.b.veil.test", nil, ""] as [String?] {
            #expect(policy.allows(host), "\(host ?? "nil")")
        }
    }

    @Test func otherNamesAreNot() {
        let policy = HostPolicy(host: "0.0.0.0", allowed: ["preview.test", ".veil.test"])
        for host in ["evil.example", "evil.example:8080", "localhost.evil.example", "preview.test.evil.example",
                     "xveil.test", "127.0.0.1.evil.example", "999.1.1.1", "1.2.3", "[evil.example]"] {
            #expect(!policy.allows(host), "\(host)")
        }
    }

    @Test func theListenedHostAndAStarAreAllowed() {
        #expect(HostPolicy(host: "myhost.lan").allows("myhost.lan:8080"))
        #expect(HostPolicy(host: "127.0.0.1", allowed: ["*"]).allows("anything.example"))
    }
}
