import Foundation
import VeilStreamTools

/// `--save-cases`: a viewer keeps what its session's viewers did as a test case (`CaseRecording`,
/// written by `CaseSaves` and `CaseWriter`), a bounded number at once (docs/SERVER.md, "Limits").
extension ViewerHub {
    /// Saves being written at once, in all and per client address.
    static let maxSaves = 4
    static let maxSavesPerClient = 1

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
        guard !saving.contains(where: { $0.connection == connection.id }) else { return refuse("a save is already being written") }
        guard saving.filter({ $0.client == connection.client }).count < Self.maxSavesPerClient else {
            return refuse("not saved: a save from \(connection.client) is being written (\(Self.maxSavesPerClient) at once per client); try again when it is done")
        }
        guard saving.count < Self.maxSaves else {
            return refuse("not saved: \(Self.maxSaves) saves are being written; try again in a moment")
        }
        // A quick answer for the common case; `CaseWriter` decides in the step that creates the files.
        let testCase = StreamCase(path: entry.file)
        let existing = [testCase.name + StreamCase.eventsSuffix, testCase.stream].first { Self.nameIsTaken($0) }
        if !replacing, let existing { return refuse("\(existing) exists: save with replace to overwrite it") }
        let request = CaseSaves.Request(connection: connection.id, client: connection.client, scene: entry.file,
                                        events: recording.eventsFile, replacing: replacing)
        saving.append(request)
        saves.save(request)
        logger.info("connection \(connection.id): saving a case of scene \(owner.sceneName) (\(recording.lines.count) action(s))")
    }

    /// A file, or a link (even a dangling one), has the name.
    private static func nameIsTaken(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// A save was written (or failed): its viewer is told, if still there.
    func saved(_ outcome: CaseSaves.Outcome) {
        let id = outcome.request.connection
        saving.removeAll { $0.connection == id }
        switch outcome.result {
        case let .success(saved):
            logger.info("connection \(id): saved \(saved.events) and \(saved.stream) (\(saved.summary))")
        case let .failure(error):
            logger.warning("connection \(id): not saved: \(error.reason)")
        }
        guard let connection = connections.values.first(where: { $0.id == id }), connection.closeRequest == nil else { return }
        switch outcome.result {
        case let .success(saved):
            connection.post("saved", "{\"events\":\(jsonString(saved.events)),\"stream\":\(jsonString(saved.stream)),\"summary\":\(jsonString(saved.summary))}")
        case let .failure(error):
            connection.post("saveRefused", jsonString(error.reason))
        }
        transport.wake(connection.socket)
    }
}
