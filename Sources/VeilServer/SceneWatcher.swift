import Foundation
import Synchronization

/// Watches folders for scene files written or moved in (inotify), on its own thread, and reports
/// the paths that changed: a burst of events (an editor's save is several) is gathered for
/// `settleMilliseconds`, then handed over at once. The service thread takes them with `take()`
/// after `changed` woke it. Paths are `folder/name` with the folder as given (`name` alone for ".").
final class SceneWatcher: @unchecked Sendable {
    static let settleMilliseconds: Int32 = 15
    /// Paths waiting for the service thread, at most this many (more are dropped: a rescan of
    /// a few hundred files would cost more than the edits are worth).
    static let maxWaiting = 1024

    private let inotify: Int32
    private let loop: PollThread
    private var folders: [Int32: String] = [:]
    private let waiting = Mutex<[String]>([])
    private let changed: @Sendable () -> Void

    /// nil when inotify is not available (the server then serves without live reload).
    init?(folders: [String], changed: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        guard let loop = PollThread() else { Glibc.close(fd); return nil }
        inotify = fd
        self.loop = loop
        self.changed = changed
        // Written in place (close after write) or moved in (editors that save by rename).
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
        for folder in folders {
            let watch = inotify_add_watch(fd, folder, mask)
            if watch >= 0 { self.folders[watch] = folder }
        }
    }

    deinit {
        stop()
        Glibc.close(inotify)
    }

    func start() {
        loop.start(name: "veil-scene-watcher") { [self] in run() }
    }

    func stop() { loop.stop() }

    /// The paths changed since the last call, each once, in the order first seen.
    func take() -> [String] {
        waiting.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
    }

    private func run() {
        var gathered: [String] = []
        while loop.running {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: loop.wakeFD, events: Int16(POLLIN), revents: 0)]
            // While a burst is being gathered, wait only for the rest of it.
            let ready = poll(&fds, 2, gathered.isEmpty ? -1 : Self.settleMilliseconds)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if ready > 0, fds[0].revents != 0 {
                for path in readEvents() where !gathered.contains(path) { gathered.append(path) }
                continue
            }
            if ready == 0, !gathered.isEmpty {
                let batch = gathered
                gathered.removeAll()
                waiting.withLock { paths in
                    for path in batch where !paths.contains(path) && paths.count < Self.maxWaiting { paths.append(path) }
                }
                changed()
            }
        }
    }

    /// The paths named by the events waiting on the inotify descriptor.
    private func readEvents() -> [String] {
        var paths: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= n {
                let (watch, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart ..< min(n, nameStart + nameLength)].prefix { $0 != 0 }
                if let folder = folders[watch], !nameBytes.isEmpty {
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    paths.append(folder == "." ? name : folder + "/" + name)
                }
                offset = nameStart + nameLength
            }
        }
        return paths
    }
}
