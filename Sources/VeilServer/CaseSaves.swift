import Foundation
import Synchronization

/// Writes the cases viewers save (`{"save": …}` with `--save-cases`), each on a thread of its own
/// (`CaseWriter`), so that one viewer's long save never holds another's; hands the outcomes to the
/// service thread (woken by `wake`). How many run at once is the hub's bound (`ViewerHub.save`).
final class CaseSaves: @unchecked Sendable {
    /// One request: the scene file and what to write beside it.
    struct Request: Sendable {
        var connection: Int
        var client: String
        var scene: String
        var events: String
        var replacing: Bool
    }

    /// What a save did: the files written (relative as given), or why not.
    struct Outcome: Sendable {
        var request: Request
        var result: Result<Saved, SaveError>
    }

    struct Saved: Sendable, Equatable {
        var events: String
        var stream: String
        var summary: String
    }

    struct SaveError: Error, Sendable, Equatable { var reason: String }

    private let done = Mutex<[Outcome]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func save(_ request: Request) {
        Thread.detachNewThread { [self] in
            let outcome = Outcome(request: request, result: CaseWriter.write(scene: request.scene, events: request.events, replacing: request.replacing))
            done.withLock { $0.append(outcome) }
            wake()
        }
    }

    func take() -> [Outcome] {
        done.withLock { outcomes in
            defer { outcomes.removeAll() }
            return outcomes
        }
    }
}
