import Foundation
import CLibWebSockets
import Logging
import Synchronization

// The C entry points libwebsockets calls. They are top-level functions (a C function pointer
// cannot capture context) and find the server through the context's user pointer.

private func server(of wsi: OpaquePointer) -> LWSTransport? {
    guard let context = lws_get_context(wsi), let user = lws_context_user(context) else { return nil }
    return Unmanaged<LWSTransport>.fromOpaque(user).takeUnretainedValue()
}

/// protocols[0], "veil.v2": the WebSocket; every other reason (static files) goes to the lws default.
func veilWebSocketCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                           _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let server = server(of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    switch reason {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return server.filter(wsi) ? 0 : 1
    case LWS_CALLBACK_ESTABLISHED:
        return server.established(wsi)
    case LWS_CALLBACK_RECEIVE:
        server.receive(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
        return 0
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return server.writable(wsi)
    case LWS_CALLBACK_RECEIVE_PONG:
        server.hub.heard(ViewerSocket(handle: wsi))
        return 0
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        return server.peerClosed(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
    case LWS_CALLBACK_CLOSED:
        server.closed(wsi)
        return 0
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        server.adoptReady()
        server.hub.wokenUp()
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

/// protocols[1], "veil-http": the /scenes and /commands mounts. A WebSocket asking for this protocol by name
/// is refused at the handshake: every upgraded connection must be a counted session.
func veilHTTPCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                      _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let server = server(of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    switch reason {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        server.refuseUpgrade(wsi, because: "subprotocol \(NativeTables.httpProtocol) is not a WebSocket protocol (ask for \(NativeTables.webSocketProtocol))")
        return 1
    case LWS_CALLBACK_ESTABLISHED:
        return -1
    case LWS_CALLBACK_HTTP:
        return server.http.request(wsi, user)
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return server.http.writable(wsi, user)
    case LWS_CALLBACK_CLOSED_HTTP:
        server.http.closed(user)
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

func veilTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul, let owner = veil_timer_owner(sul) else { return }
    Unmanaged<LWSTransport>.fromOpaque(owner).takeUnretainedValue().timerFired()
}

// MARK: libwebsockets' own log lines, through swift-log

/// Set before the context exists, read by lws on the service thread only.
nonisolated(unsafe) var lwsLogTarget: Logger? = nil

func veilLWSLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line, let logger = lwsLogTarget else { return }
    var text = String(cString: line)
    // lws prefixes "[2024/01/01 10:00:00:0000] E: "; swift-log adds its own time and level.
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
        text = String(text[text.index(after: close)...])
        if let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) <= 3 {
            text = String(text[text.index(after: colon)...])
        }
    }
    text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let message = Logger.Message(stringLiteral: "lws: " + text)
    // lws 4.1 logs every adoption with pre-read bytes (each connection the header gate hands
    // over) as an error: a leftover debug line, not a problem.
    if text.hasPrefix("adopt_socket_readbuf: calling service") {
        logger.debug(message)
    } else if level & Int32(LLL_ERR) != 0 {
        logger.error(message)
    } else if level & Int32(LLL_WARN) != 0 {
        logger.warning(message)
    } else {
        logger.debug(message)
    }
}

// MARK: SIGINT / SIGTERM

let stopRequested = Atomic<Bool>(false)
/// The context a signal wakes; set before the handlers are installed, cleared after removing them.
nonisolated(unsafe) private var signalContext: OpaquePointer? = nil

private func veilStopSignal(_ signal: Int32) {
    stopRequested.store(true, ordering: .relaxed)
    // Writes to lws' wake-up pipe, so lws_service returns now rather than at the next timer.
    if let context = signalContext { lws_cancel_service(context) }
}

func installStopSignals(context: OpaquePointer) {
    signalContext = context
    signal(SIGINT, veilStopSignal)
    signal(SIGTERM, veilStopSignal)
}

func removeStopSignals() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    signalContext = nil
}
