import Foundation
import Logging
import VeilCore

/// The live preview: the viewer's files, `/veil.wasm`, `/scenes`, `/commands` and, on the same
/// port, the `veil.v2` WebSocket at `/ws?scene=NAME` with one session per viewer (or per shared
/// room). Two halves, as swift-nio keeps a protocol apart from its transport: `ViewerHub` (who is
/// admitted, the sessions, their ticks and reloads, what each viewer is owed) and `LWSTransport`
/// (libwebsockets: the sockets, the timer, HTTP, close frames), which speak through
/// `ViewerTransport` (docs/SERVER.md).
public final class PreviewServer {
    public let options: ServeOptions
    public let webRoot: WebRoot
    private let transport: LWSTransport
    private let hub: ViewerHub
    private var finished = false

    /// Finds the web root, reads every scene (errors as file:line:column) and listens.
    public init(options: ServeOptions) throws(ServeError) {
        self.options = options
        webRoot = try WebRoot.locate(explicit: options.webRoot)
        let catalog = options.scenePaths.isEmpty
            ? try SceneCatalog.load(directory: webRoot.examplesDirectory)
            : try SceneCatalog.load(paths: options.scenePaths)
        var logger = Logger(label: "veil.serve")
        logger.logLevel = options.verbose ? .debug : .info
        transport = try LWSTransport(options: options, webRoot: webRoot, scenesBody: Array(catalog.namesJSON.utf8), logger: logger)
        hub = ViewerHub(options: options, catalog: catalog, transport: transport, logger: logger, wake: transport.wakeUp)
        transport.hub = hub
        hub.scenesChanged = { [http = transport.http] in http.scenesBody = $0 }
        transport.start()
        for entry in catalog.entries {
            if let error = entry.error { logger.warning("scene \(entry.name) does not read; served empty, under its error, until it does: \(error)") }
        }
        logger.info("serving \(catalog.entries.count) scene(s) [\(catalog.entries.map(\.name).joined(separator: ", "))] from \(webRoot.directory); /veil.wasm: \(webRoot.wasmFile ?? "none yet (make wasm)")")
    }

    deinit { finish() }

    /// The scenes, kept current as their files change (the hub's: read it on the service thread).
    public var catalog: SceneCatalog { hub.catalog }

    /// The port actually listened on (differs from options.port when that was 0).
    public var port: Int { transport.port }

    /// `http://127.0.0.1:8080/`
    public var url: String {
        let bound = (try? options.bindAddress()) ?? options.host
        let host = bound.contains(":") ? "[\(bound)]" : bound
        return "http://\(host):\(port)/"
    }

    /// Serves until SIGINT or SIGTERM, then closes every connection with 1001 (their close
    /// frames get at most a second) and stops.
    public func run() {
        transport.serve()
        hub.stop()
        transport.drain(seconds: 1) { !hub.isEmpty }
        finish()
        hub.logger.info("stopped")
    }

    /// The hub's threads first (they wake the transport), then the transport.
    private func finish() {
        guard !finished else { return }
        finished = true
        hub.shutdown()
        transport.shutdown()
    }
}

/// Bootstraps swift-log for the command line: one line per event on standard error.
public func bootstrapServeLogging() {
    LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
}
