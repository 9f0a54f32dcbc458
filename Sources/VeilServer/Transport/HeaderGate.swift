import Foundation
import Synchronization

/// The listening socket, in front of libwebsockets: it accepts connections and reads each request's
/// headers on its own thread, bounded in bytes and time, before lws sees the connection. Every
/// socket call of the server but lws' own is here (TransportBoundaryTests); what it decides
/// without a socket — the bounds, deadlines and refusals — is `GatePolicy`, and what it reads of a
/// request is `RequestHead`.
///
/// lws 4.1 drops the socket when a request's headers overflow its header buffer: a client sees a
/// reset, not an answer. The gate answers `431 Request Header Fields Too Large` for headers over
/// `GatePolicy.maxHeaderBytes`, `408 Request Timeout` for headers not complete within the
/// handshake timeout, and hands every complete request to lws (`lws_adopt_socket_vhost_readbuf` on
/// the service thread, woken with `lws_cancel_service`) with the bytes already read. At most
/// `GatePolicy.maxPending` connections wait for their headers at once; more wait in the kernel's
/// backlog. It refuses what `GatePolicy` refuses (403, 405, 429) before lws or a session sees it.
/// Out of file descriptors, it refuses new connections through a spare descriptor instead of
/// spinning on a listener that stays readable.
///
/// Every request comes through the gate: a plain HTTP request is handed over with its
/// `Connection` header replaced by `Connection: close`, so lws closes the connection after its
/// answer instead of reading a later request itself (lws would drop one with long headers
/// unanswered). A browser opens a new connection for its next request: on loopback that costs
/// microseconds. WebSocket upgrades are handed over as they came.
final class HeaderGate: @unchecked Sendable {
    /// SO_SNDBUF of every connection (Linux doubles it for its own bookkeeping).
    static let sendBufferBytes: Int32 = 32 * 1024
    /// How long a refused client has to stop sending before its socket closes (so it reads the
    /// answer instead of a reset).
    static let lingerSeconds = 1.0

    /// A connection whose headers are complete, for the service thread to adopt.
    struct Handoff { var fd: Int32; var bytes: [UInt8] }

    let listener: Int32
    let port: Int
    private let policy: GatePolicy
    private let loop: PollThread
    /// Kept open to be closed when accept fails for want of descriptors: the one it frees lets the
    /// gate accept and close the waiting connection (else it stays in the backlog, the listener stays
    /// readable, and poll returns at once forever).
    private var spareFD: Int32 = -1
    private var lastDescriptorWarning = -Double.infinity
    private let ready = Mutex<[Handoff]>([])
    /// Called on the gate's thread after a hand-off is queued: wakes the lws service thread.
    private let wake: @Sendable () -> Void
    private let log: @Sendable (String) -> Void

    private enum Phase { case reading, lingering }
    private struct Pending {
        var bytes: [UInt8] = []
        var client: String
        var accepted: Double
        var deadline: Double
        var phase = Phase.reading
    }
    private var pending: [Int32: Pending] = [:]

    /// Binds and listens on `host:port` (an IP address; port 0 picks one).
    init(host: String, port: Int, handshakeTimeout: Int, hosts: HostPolicy, wake: @escaping @Sendable () -> Void,
         log: @escaping @Sendable (String) -> Void) throws(ServeError) {
        policy = GatePolicy(handshakeTimeout: Double(handshakeTimeout), hosts: hosts)
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        self.wake = wake
        self.log = log
        let (fd, bound) = try Self.listen(host: host, port: port)
        listener = fd
        self.port = bound
        guard let loop = PollThread() else {
            Glibc.close(fd)
            throw ServeError("veil serve: cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        self.loop = loop
    }

    deinit {
        stop()
        Glibc.close(listener)
        if spareFD >= 0 { Glibc.close(spareFD) }
        for fd in pending.keys { Glibc.close(fd) }
        for handoff in takeReady() { Glibc.close(handoff.fd) }
    }

    func start() {
        loop.start(name: "veil-header-gate") { [self] in run() }
    }

    /// Stops accepting; returns once the gate's thread has finished.
    func stop() { loop.stop() }

    /// The connections whose headers are complete, oldest first (service thread).
    func takeReady() -> [Handoff] {
        ready.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }

    // MARK: The gate's thread

    private func run() {
        while loop.running {
            var fds = [pollfd(fd: loop.wakeFD, events: Int16(POLLIN), revents: 0)]
            if pending.count < GatePolicy.maxPending { fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            let waiting = Array(pending.keys)
            fds += waiting.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let now = Self.now()
            let nextDeadline = pending.values.map(\.deadline).min() ?? now + 1
            let timeout = Int32(max(0, min(1000, (nextDeadline - now) * 1000)).rounded(.up))
            let count = poll(&fds, nfds_t(fds.count), timeout)
            if count < 0, errno != EINTR { log("header gate: poll failed: \(String(cString: strerror(errno)))"); return }
            for entry in fds where entry.revents != 0 {
                if entry.fd == loop.wakeFD { continue }
                if entry.fd == listener { acceptAll() } else { readFrom(entry.fd) }
            }
            expire(at: Self.now())
        }
    }

    private func acceptAll() {
        while pending.count < GatePolicy.maxPending {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            if fd < 0 {
                if errno == EMFILE || errno == ENFILE { shedWithoutDescriptors() }
                return
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // A small send buffer: a viewer that stops reading fills it soon, its session then
            // skips ticks and sends one coalesced delta when the viewer reads again, instead of
            // megabytes of stale ones queued in the kernel (loopback autotunes up to 4 MB).
            var sendBuffer = Self.sendBufferBytes
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
            let now = Self.now()
            let client = Self.clientAddress(address)
            let overdue = GatePolicy.overdue(of: client, among: pending.values.lazy.map { (client: $0.client, accepted: $0.accepted) }, at: now)
            pending[fd] = Pending(client: client, accepted: now, deadline: policy.deadline(acceptedAt: now, pending: pending.count))
            if let refusal = GatePolicy.flood(of: client, overdue: overdue) {
                // Answered and closed at once: lingering would give the flood the slots it is refused.
                refuse(fd, refusal)
                drop(fd)
            }
        }
    }

    /// Out of descriptors: frees the spare one, takes the waiting connection and closes it (the
    /// client sees its connection closed, not a hang), and warns once a second at most.
    private func shedWithoutDescriptors() {
        let now = Self.now()
        if now - lastDescriptorWarning >= 1 {
            lastDescriptorWarning = now
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            log("out of file descriptors (ulimit -n \(limit.rlim_cur)): refusing new connections until some close")
        }
        guard spareFD >= 0 else { return }
        Glibc.close(spareFD)
        let fd = accept(listener, nil, nil)
        if fd >= 0 { Glibc.close(fd) }
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// The peer's address, without its port: what per-client limits count by.
    static func clientAddress(_ address: sockaddr_storage) -> String {
        var storage = address
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &storage) { pointer -> String in
            switch Int32(address.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var a = v4.pointee.sin_addr
                    return inet_ntop(AF_INET, &a, &text, socklen_t(text.count)) != nil ? String(cString: text) : "?"
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var a = v6.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &a, &text, socklen_t(text.count)) != nil ? String(cString: text) : "?"
                }
            default:
                return "?"
            }
        }
    }

    private func readFrom(_ fd: Int32) {
        guard var connection = pending[fd] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &chunk, chunk.count, 0)
        if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { drop(fd); return }
        if n < 0 { return }
        if connection.phase == .lingering { return }  // what a refused client still sends is dropped
        let searchFrom = max(0, connection.bytes.count - 3)
        connection.bytes += chunk[..<n]
        if let end = RequestHead.end(connection.bytes, from: searchFrom), end <= GatePolicy.maxHeaderBytes {
            let head = RequestHead(connection.bytes[..<end])
            if let refusal = policy.refusal(method: head.method, host: head.host) {
                pending[fd] = connection
                refuse(fd, refusal)
                return
            }
            pending[fd] = nil
            let handoff = Handoff(fd: fd, bytes: RequestHead.closingAfterAnswer(connection.bytes, headerEnd: end))
            ready.withLock { $0.append(handoff) }
            wake()
        } else if connection.bytes.count > GatePolicy.maxHeaderBytes {
            pending[fd] = connection
            refuse(fd, GatePolicy.tooLarge)
        } else {
            pending[fd] = connection
        }
    }

    private func expire(at now: Double) {
        if pending.count >= GatePolicy.pressure {
            for (fd, connection) in pending where connection.phase == .reading {
                pending[fd]?.deadline = min(connection.deadline, connection.accepted + GatePolicy.pressureSeconds)
            }
        }
        for (fd, connection) in pending where connection.deadline <= now {
            if connection.phase == .lingering || connection.bytes.isEmpty {
                drop(fd)
            } else {
                refuse(fd, policy.timedOut(accepted: connection.accepted, deadline: connection.deadline))
            }
        }
    }

    /// Answers and half-closes; the socket closes once the client closes or the linger ends.
    private func refuse(_ fd: Int32, _ refusal: GatePolicy.Refusal) {
        let response = "HTTP/1.1 \(refusal.status)\r\n\(refusal.headers)Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(refusal.body.utf8.count)\r\nConnection: close\r\n\r\n\(refusal.body)"
        let bytes = Array(response.utf8)
        _ = send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL))
        shutdown(fd, Int32(SHUT_WR))
        pending[fd]?.phase = .lingering
        pending[fd]?.bytes = []
        pending[fd]?.deadline = Self.now() + Self.lingerSeconds
        for line in refusalLog.note("refused a request from \(pending[fd]?.client ?? "?"): \(refusal.status)", at: Self.now()) { log(line) }
    }

    /// The refusals logged (`GatePolicy.maxRefusalsLoggedPerSecond`).
    private var refusalLog = RefusalLog()

    private func drop(_ fd: Int32) {
        pending[fd] = nil
        Glibc.close(fd)
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// A listening socket bound to exactly `host:port`, and the port it got.
    private static func listen(host: String, port: Int) throws(ServeError) -> (Int32, Int) {
        let isV6 = host.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServeError("veil serve: cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if isV6 { setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        var storage = sockaddr_storage()
        var length: socklen_t
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeBytes(of: address) { raw in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeBytes(of: address) { raw in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) } }
        }
        let bound = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) }
        }
        guard bound == 0, Glibc.listen(fd, SOMAXCONN) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ServeError("veil serve: cannot listen on \(host) port \(port): \(reason) (port in use, or not an address of this machine?)")
        }
        let actual = withUnsafeMutablePointer(to: &storage) { pointer -> Int in
            var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
        return (fd, actual)
    }
}
