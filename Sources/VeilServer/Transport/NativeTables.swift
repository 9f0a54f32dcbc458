import CLibWebSockets
import Foundation

/// The C tables libwebsockets reads for the whole life of a context (protocols, mounts, mime types,
/// extensions): allocated at fixed addresses, each list ending in a zeroed entry, freed after
/// `lws_context_destroy`.
final class NativeTables {
    static let webSocketProtocol = "veil.v2"
    static let httpProtocol = "veil-http"

    let protocols: UnsafeMutablePointer<lws_protocols>
    let extensions: UnsafeMutablePointer<lws_extension>
    /// Head of the mount list.
    private(set) var mounts: UnsafeMutablePointer<lws_http_mount>? = nil
    private var allocations: [UnsafeMutableRawPointer] = []

    init(webRoot: String, deflate: Bool) {
        protocols = .allocate(capacity: 3)
        protocols.initialize(repeating: lws_protocols(), count: 3)
        extensions = .allocate(capacity: 2)
        extensions.initialize(repeating: lws_extension(), count: 2)

        // protocols[0] is where a WebSocket without a known subprotocol lands, and where lws sends
        // the static files' HTTP callbacks: the ws callback forwards those to lws_callback_http_dummy.
        protocols[0].name = cString(Self.webSocketProtocol)
        protocols[0].callback = veilWebSocketCallback
        protocols[0].per_session_data_size = MemoryLayout<Int>.size
        protocols[0].rx_buffer_size = 4096
        // A message goes to the socket in one send (lws would otherwise send rx_buffer_size bytes
        // and keep the rest for the next writable callback: two sends and a copy per large delta).
        protocols[0].tx_packet_size = 1 << 24
        protocols[1].name = cString(Self.httpProtocol)
        protocols[1].callback = veilHTTPCallback
        protocols[1].per_session_data_size = MemoryLayout<Int>.size

        if deflate {
            extensions[0].name = cString("permessage-deflate")
            extensions[0].callback = lws_extension_callback_pm_deflate
            extensions[0].client_offer = cString("permessage-deflate; client_max_window_bits")
        }

        let mimeTypes = mimeTypeList([
            (".wasm", "application/wasm"), (".mjs", "text/javascript"), (".js", "text/javascript"),
            (".json", "application/json"), (".map", "application/json"),
            (".woff2", "font/woff2"), (".woff", "font/woff"), (".otf", "font/otf"), (".ttf", "font/ttf"),
        ])
        // Built in reverse: each mount points at the one after it.
        addMount("/scenes.json", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/schema.json", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/events.schema.json", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/commands", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/scenes", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        // A file mount on "/veil.wasm" would redirect to "/veil.wasm/"; the callback serves the file
        // found at request time, so `make wasm` while serving needs no restart.
        addMount("/veil.wasm", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        // Served by the callback too, gzipped when the client accepts it (`CompressedFiles`).
        addMount("/veil.js", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/fonts", origin: Self.httpProtocol, def: nil, kind: LWSMPRO_CALLBACK, mimeTypes: nil)
        addMount("/", origin: webRoot, def: "index.html", kind: LWSMPRO_FILE, mimeTypes: mimeTypes)
    }

    deinit {
        protocols.deinitialize(count: 3); protocols.deallocate()
        extensions.deinitialize(count: 2); extensions.deallocate()
        for pointer in allocations { free(pointer) }
    }

    private func cString(_ s: String) -> UnsafePointer<CChar> {
        let copy = strdup(s)!
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    private func zeroed<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let raw = calloc(1, MemoryLayout<T>.stride)!
        allocations.append(raw)
        let typed = raw.bindMemory(to: T.self, capacity: 1)
        typed.initialize(to: value)
        return typed
    }

    private func mimeTypeList(_ pairs: [(String, String)]) -> UnsafeMutablePointer<lws_protocol_vhost_options>? {
        var head: UnsafeMutablePointer<lws_protocol_vhost_options>? = nil
        for (suffix, type) in pairs.reversed() {
            var option = lws_protocol_vhost_options()
            option.next = UnsafePointer(head)
            option.name = cString(suffix)
            option.value = cString(type)
            head = zeroed(option)
        }
        return head
    }

    private func addMount(_ mountpoint: String, origin: String, def: String?, kind: lws_mount_protocols,
                          mimeTypes: UnsafeMutablePointer<lws_protocol_vhost_options>?) {
        var mount = lws_http_mount()
        mount.mount_next = UnsafePointer(mounts)
        mount.mountpoint = cString(mountpoint)
        mount.mountpoint_len = UInt8(mountpoint.utf8.count)
        mount.origin = cString(origin)
        mount.def = def.map { cString($0) }
        mount.origin_protocol = UInt8(kind.rawValue)
        mount.extra_mimetypes = UnsafePointer(mimeTypes)
        // A preview: files change while it runs, so browsers must not reuse stale copies.
        mount.cache_max_age = 0
        mount.cache_reusable = 0
        mounts = zeroed(mount)
    }
}
