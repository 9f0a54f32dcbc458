import CLibWebSockets

/// An HTTP response the server writes from memory (/scenes, /commands, a compressed static file),
/// a chunk per writable callback so a large body never sits whole in lws's send buffer.
struct HTTPBody {
    /// Bytes written per writable callback.
    static let chunk = 16 * 1024

    let bytes: [UInt8]
    let type: String
    /// Extra headers; a preview must not be cached stale, so `Cache-Control: no-store` by default.
    var headers: [(lws_token_indexes, String)] = [(WSI_TOKEN_HTTP_CACHE_CONTROL, "no-store")]
    /// How many bytes went out already.
    var sent = 0
}
