import Foundation
import Synchronization
import VeilStreamTools

/// Writes the cases viewers save (`{"save": …}` with `--save-cases`) on a thread of its own — the
/// events file beside the scene, then its stream recorded by replaying them as `veil test --update`
/// would — and hands the outcomes to the service thread (woken by `wake`), one at a time in order.
final class CaseSaves: @unchecked Sendable {
    /// One request: the scene file and what to write beside it.
    struct Request: Sendable {
        var connection: Int
        var scene: String
        var events: String
    }

    /// What a save did: the files written (relative as given), or why not.
    struct Outcome: Sendable {
        var connection: Int
        var result: Result<Saved, SaveError>
    }

    struct Saved: Sendable, Equatable {
        var events: String
        var stream: String
        var summary: String
    }

    struct SaveError: Error, Sendable, Equatable { var reason: String }

    private let queue = DispatchQueue(label: "veil-case-saves")
    private let done = Mutex<[Outcome]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func save(_ request: Request) {
        queue.async { [self] in
            let outcome = Outcome(connection: request.connection, result: Self.write(request))
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

    /// NAME.events.jsonl, then NAME.stream from replaying it (as `veil test --update`).
    static func write(_ request: Request) -> Result<Saved, SaveError> {
        let testCase = StreamCase(path: request.scene)
        let events = testCase.name + StreamCase.eventsSuffix
        do {
            try Data(request.events.utf8).write(to: URL(fileURLWithPath: events))
        } catch {
            return .failure(SaveError(reason: "cannot write \(events): \(error.localizedDescription)"))
        }
        let result = CaseRunner.run(StreamCase(path: request.scene), CaseOptions(update: true))
        guard result.status == .recorded || result.status == .updated || result.status == .passed else {
            return .failure(SaveError(reason: ([result.summary] + result.details).joined(separator: "; ")))
        }
        return .success(Saved(events: events, stream: testCase.stream, summary: result.summary))
    }
}
