import Foundation
import VeilStreamTools

/// `--save-cases`: a viewer keeps what its session's viewers did as a test case (`CaseRecording`,
/// written by `CaseSaves`).
extension ViewerHub {
    /// Keeps what the session's viewers did as a test case beside its scene, or tells the viewer
    /// why not (`{"saveRefused": "…"}`); once written, `{"saved": {"events", "stream", "summary"}}`.
    func save(_ connection: Connection, replacing: Bool) {
        let owner = connection.owner
        func refuse(_ reason: String) {
            connection.post("saveRefused", jsonString(reason))
            transport.wake(connection.socket)
        }
        guard let saves, let recording = owner.book.recording else {
            return refuse("this server does not save cases: start it with --save-cases")
        }
        if let overflow = recording.overflow { return refuse("not saved: \(overflow); reload the scene and do less") }
        guard let entry = catalog.entry(named: owner.sceneName), entry.error == nil else {
            return refuse("not saved: the scene's file does not read")
        }
        guard !saving.contains(connection.id) else { return refuse("a save is already being written") }
        let testCase = StreamCase(path: entry.file)
        let existing = [testCase.name + StreamCase.eventsSuffix, testCase.stream].filter { FileManager.default.fileExists(atPath: $0) }
        if !replacing, let first = existing.first {
            return refuse("\(first) exists: save with replace to overwrite it")
        }
        saving.insert(connection.id)
        saves.save(CaseSaves.Request(connection: connection.id, scene: entry.file, events: recording.eventsFile))
        logger.info("connection \(connection.id): saving a case of scene \(owner.sceneName) (\(recording.lines.count) action(s))")
    }

    /// A save was written (or failed): its viewer is told, if still there.
    func saved(_ outcome: CaseSaves.Outcome) {
        saving.remove(outcome.connection)
        switch outcome.result {
        case let .success(saved):
            logger.info("connection \(outcome.connection): saved \(saved.events) and \(saved.stream) (\(saved.summary))")
        case let .failure(error):
            logger.warning("connection \(outcome.connection): not saved: \(error.reason)")
        }
        guard let connection = connections.values.first(where: { $0.id == outcome.connection }), connection.closeRequest == nil else { return }
        switch outcome.result {
        case let .success(saved):
            connection.post("saved", "{\"events\":\(jsonString(saved.events)),\"stream\":\(jsonString(saved.stream)),\"summary\":\(jsonString(saved.summary))}")
        case let .failure(error):
            connection.post("saveRefused", jsonString(error.reason))
        }
        transport.wake(connection.socket)
    }

}
