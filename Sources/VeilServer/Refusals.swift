import Logging
import VeilCore

/// Timeline and reaction actions a session refused during one tick (`Session.takeRefused`), and
/// how they are reported: one log line each, and `{"refused": ["file:line:column: …"]}` to the
/// session's viewers, shown in the viewer's overlay.
struct Refusals: Sendable {
    var actions: [RefusedAction]
    /// How many more were refused than the session kept.
    var dropped: Int

    /// `file:line:column: timeline entry (t = 2): …` lines, as `veil check` prints them.
    func lines(file: String) -> [String] {
        actions.map { $0.description(file: file) } + (dropped > 0 ? ["\(file): \(dropped) more refused action(s) left out"] : [])
    }

    private static let logger = Logger(label: "veil.serve")

    /// Logs the lines once (a room's viewers share them) and returns them.
    func report(scene: String, file: String) -> [String] {
        let lines = lines(file: file)
        for line in lines { Self.logger.warning("scene \(scene): refused \(line)") }
        return lines
    }
}
