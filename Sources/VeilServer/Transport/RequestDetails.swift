import CLibWebSockets

/// What lws tells of a request: a header, a URL argument, the peer's address.
enum RequestDetails {
    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < 4096 else { return nil }
        var bytes = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &bytes, Int32(bytes.count), token) >= 0 else { return nil }
        return String(decoding: bytes.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func urlArgument(_ wsi: OpaquePointer, _ name: String) -> String? {
        var bytes = [CChar](repeating: 0, count: 512)
        return bytes.withUnsafeMutableBufferPointer { b in
            lws_get_urlarg_by_name(wsi, name + "=", b.baseAddress, Int32(b.count)).map { String(cString: $0) }
        }
    }

    static func peer(_ wsi: OpaquePointer) -> String {
        var bytes = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(wsi, &bytes, bytes.count) != nil else { return "?" }
        return String(decoding: bytes.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
