import CLibWebSockets
import Foundation
import VeilCore

/// The plain HTTP side of the preview: the web root's files (lws' mount serves most of them), the
/// files worth compressing (`/veil.wasm`, `/veil.js`, `/fonts/NAME`: Brotli or gzip), `/scenes`,
/// `/commands`, `/schema.json` and `/events.schema.json`; anything else under a mount of ours is 404.
/// Service thread only.
final class StaticHTTP {
    let webRoot: WebRoot
    let headroom: Int
    /// GET /scenes: the scene names (replaced when a scene joins).
    var scenesBody: [UInt8]
    /// GET /commands: the commands the core takes (`CommandCatalog`), for the viewer's toolbar.
    let commandsBody = Array(CommandCatalog.json.utf8)
    /// GET /schema.json and /events.schema.json: the JSON Schema of scene files and of an events-file
    /// line (`SceneSchema`, from the reader's tables), for editors (docs/SCENE.md, "Schema").
    let sceneSchemaBody = Array(SceneSchema.scene.utf8)
    let eventsSchemaBody = Array(SceneSchema.events.utf8)
    /// Responses being written, by the id kept in their connection's user data.
    private var pendingBodies: [Int: HTTPBody] = [:]
    private var nextBodyID = 1
    /// Brotli and gzip copies of veil.wasm, veil.js and the fonts.
    private let compressedFiles = CompressedFiles()

    init(webRoot: WebRoot, headroom: Int, scenesBody: [UInt8]) {
        self.webRoot = webRoot
        self.headroom = headroom
        self.scenesBody = scenesBody
    }

    /// The file and type behind a path this callback serves itself: `/veil.wasm` (application/wasm,
    /// as instantiateStreaming needs), `/veil.js` and `/fonts/NAME` — the files worth compressing.
    /// nil: not one of them. A font name is one path segment of letters, digits, `.`, `-`, `_`.
    func staticFile(_ path: String) -> (file: String?, type: String)? {
        if path == "/veil.wasm" { return (webRoot.wasmFile, "application/wasm") }
        if path == "/veil.js" { return (webRoot.directory + "/veil.js", "text/javascript") }
        guard path.hasPrefix("/fonts/") else { return nil }
        let name = path.dropFirst("/fonts/".count)
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            return (nil, "")
        }
        let types = [".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf",
                     ".css": "text/css", ".txt": "text/plain; charset=utf-8"]
        guard let type = types.first(where: { name.hasSuffix($0.key) })?.value else { return (nil, "") }
        return (webRoot.directory + "/fonts/" + name, type)
    }

    /// A static file: Brotli or gzip from `compressedFiles` when the client accepts it and it shrinks, else
    /// the file as it is (lws reads it in chunks).
    func serveStatic(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer?, file: String?, type: String) -> Int32 {
        guard let file, FileManager.default.isReadableFile(atPath: file) else {
            let why = type == "application/wasm" ? "no veil.wasm: run make wasm" : "not found"
            lws_return_http_status(wsi, UInt32(HTTP_STATUS_NOT_FOUND.rawValue), why)
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        if let encoding = CompressedFiles.preferred(RequestDetails.header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING)),
           let bytes = compressedFiles.compressed(file, encoding) {
            var body = HTTPBody(bytes: bytes, type: type)
            body.headers += [(WSI_TOKEN_HTTP_CONTENT_ENCODING, encoding.rawValue), (WSI_TOKEN_HTTP_VARY, "Accept-Encoding")]
            return respond(wsi, user, body)
        }
        let vary = "Vary: Accept-Encoding\r\nCache-Control: no-store\r\n"
        let result = lws_serve_http_file(wsi, file, type, vary, Int32(vary.utf8.count))
        if result < 0 { return -1 }
        if result > 0 { return lws_http_transaction_completed(wsi) != 0 ? -1 : 0 }
        return 0
    }

    /// GET /scenes (and /scenes.json), /commands, the schemas and the compressible static files: the headers
    /// now, the body when writable.
    func request(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer?) -> Int32 {
        user?.storeBytes(of: 0, as: Int.self)
        // HEAD requests carry their path in another header token than GET.
        let path = RequestDetails.header(wsi, WSI_TOKEN_GET_URI) ?? RequestDetails.header(wsi, WSI_TOKEN_HEAD_URI)
        if let path, let found = staticFile(path) { return serveStatic(wsi, user, file: found.file, type: found.type) }
        switch path?.prefix { $0 != "?" } {
        case "/commands": return respond(wsi, user, HTTPBody(bytes: commandsBody, type: "application/json"))
        case "/schema.json": return respond(wsi, user, HTTPBody(bytes: sceneSchemaBody, type: "application/schema+json"))
        case "/events.schema.json": return respond(wsi, user, HTTPBody(bytes: eventsSchemaBody, type: "application/schema+json"))
        case "/scenes", "/scenes.json": return respond(wsi, user, HTTPBody(bytes: scenesBody, type: "application/json"))
        default:
            lws_return_http_status(wsi, UInt32(HTTP_STATUS_NOT_FOUND.rawValue), "not found")
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
    }

    /// Sends `body`'s headers now and queues its bytes for `httpWritable`.
    func respond(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer?, _ body: HTTPBody) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: headroom + 1024)
        let failed = buffer.withUnsafeMutableBufferPointer { b -> Bool in
            let start = b.baseAddress! + headroom
            let end = b.baseAddress! + b.count
            var p: UnsafeMutablePointer<UInt8>? = start
            if lws_add_http_common_headers(wsi, UInt32(HTTP_STATUS_OK.rawValue), body.type,
                                           lws_filepos_t(body.bytes.count), &p, end) != 0 { return true }
            for (token, value) in body.headers {
                let bytes = Array(value.utf8)
                if lws_add_http_header_by_token(wsi, token, bytes, Int32(bytes.count), &p, end) != 0 { return true }
            }
            return lws_finalize_write_http_header(wsi, start, &p, end) != 0
        }
        if failed { return 1 }
        guard let user else { return -1 }
        let id = nextBodyID
        nextBodyID += 1
        pendingBodies[id] = body
        user.storeBytes(of: id, as: Int.self)
        lws_callback_on_writable(wsi)
        return 0
    }

    /// Writes the next chunk of the request's body (at most `HTTPBody.chunk` bytes a call).
    func writable(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer?) -> Int32 {
        guard let user, case let id = user.load(as: Int.self), id != 0, var body = pendingBodies[id] else { return 0 }
        let end = min(body.bytes.count, body.sent + HTTPBody.chunk)
        let last = end == body.bytes.count
        var buffer = [UInt8](repeating: 0, count: headroom) + body.bytes[body.sent ..< end]
        let written = buffer.withUnsafeMutableBufferPointer { b in
            lws_write(wsi, b.baseAddress! + headroom, end - body.sent, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        if written < 0 { closed(user); return -1 }
        if !last {
            body.sent = end
            pendingBodies[id] = body
            lws_callback_on_writable(wsi)
            return 0
        }
        closed(user)
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// Forgets the request's body (sent, or its connection closed first).
    func closed(_ user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        pendingBodies[user.load(as: Int.self)] = nil
        user.storeBytes(of: 0, as: Int.self)
    }
}
