import Foundation

/// Binds and closes a plain socket on `host:port` before lws does: lws 4.1 takes an address this
/// machine does not have for an interface that may appear later, and keeps running without
/// listening anywhere. The probe turns that (and a port in use) into a clear startup error.
func probeBind(host: String, port: Int) throws(ServeError) {
    let isV6 = host.contains(":")
    let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return } // cannot probe; lws reports what it finds
    defer { close(fd) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let result: Int32
    if isV6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET6, host, &address.sin6_addr)
        result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
    } else {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
    if result != 0 {
        let reason = String(cString: strerror(errno))
        throw ServeError("veil serve: cannot listen on \(host) port \(port): \(reason)")
    }
}
