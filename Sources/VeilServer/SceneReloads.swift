import Foundation
import Synchronization

/// Reads changed scene files on a thread of its own, one at a time in the order they changed, and
/// hands the results to the service thread (woken by `wake`), which applies them to the catalog:
/// reading and parsing a large scene never stalls the socket loop or the other viewers.
final class SceneReloads: @unchecked Sendable {
    private let queue = DispatchQueue(label: "veil-scene-reloads")
    private let done = Mutex<[(String, SceneCatalog.FileRead)]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Queues `paths` for reading.
    func read(_ paths: [String]) {
        for path in paths {
            queue.async { [self] in
                let read = SceneCatalog.read(file: path)
                done.withLock { $0.append((path, read)) }
                wake()
            }
        }
    }

    /// The files read since the last call, in order.
    func take() -> [(path: String, read: SceneCatalog.FileRead)] {
        done.withLock { results in
            defer { results.removeAll() }
            return results.map { (path: $0.0, read: $0.1) }
        }
    }
}
