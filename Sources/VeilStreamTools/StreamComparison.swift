import VeilCore

/// Where two streams part, in words: the first message that differs (its position, time, sequence
/// number and type on each side), the host events that differ, and the differences between the
/// frames a viewer holds after it (FrameComparison).
public struct StreamDifference: Sendable {
    /// 0-based index of the first message that differs.
    public var index: Int
    /// One line: `message 3 of 12 differs (t = 0.5 s, seq 3, delta)`.
    public var summary: String
    /// The explanation, one item a line (not indented).
    public var details: [String]
    /// The frames a viewer holds at that moment on each side (nil when that side has none).
    public var expectedFrame: Frame?
    public var actualFrame: Frame?
}

public enum StreamComparison {
    /// Compares a recorded stream (`expected`) with another (`actual`); nil when they are the same.
    /// `times[i]` is when the run sent actual message i (unknown when comparing two files), and
    /// `names` names the actual run's ids at the differing message.
    /// `labels` name the two sides in the text.
    public static func compare(expected: [[UInt8]], actual: [[UInt8]], times: [Double]? = nil,
                               names: ItemNames = ItemNames(),
                               labels: (expected: String, actual: String) = ("the recording", "the run")) -> StreamDifference? {
        var i = 0
        while i < expected.count && i < actual.count && expected[i] == actual[i] { i += 1 }
        if i == expected.count && i == actual.count { return nil }
        let time = { (k: Int) -> String? in
            guard let times, k >= 0, k < times.count else { return nil }
            return "t = " + Words.seconds(times[k])
        }
        let e = DecodedStream(Array(expected.prefix(i + 1)))
        let a = DecodedStream(Array(actual.prefix(i + 1)))
        var details: [String] = []
        let totals = "\(labels.expected): \(Words.plural(expected.count, "message")), \(Words.plural(bytes(expected), "byte")); "
            + "\(labels.actual): \(Words.plural(actual.count, "message")), \(Words.plural(bytes(actual), "byte"))"

        // A side that cannot be read says so; what can be read is still compared.
        if let failure = e.failure { details.append("\(labels.expected) cannot be read from there: " + failure) }
        if let failure = a.failure { details.append("\(labels.actual) cannot be read from there: " + failure) }

        // A message that decodes but does not apply (a wrong hash) still says what it holds.
        let eMessage = i < e.messages.count ? e.messages[i] : (e.rejected?.index == i ? e.rejected : nil)
        let aMessage = i < a.messages.count ? a.messages[i] : (a.rejected?.index == i ? a.rejected : nil)
        let eRejected = eMessage != nil && i >= e.messages.count
        let aRejected = aMessage != nil && i >= a.messages.count
        let line = { (m: DecodedMessage, rejected: Bool) in Self.line(m) + (rejected ? " (does not apply: see above)" : "") }
        var summary: String
        if i < expected.count && i < actual.count {
            let what = aMessage.map { header($0.message) } ?? eMessage.map { header($0.message) } ?? "undecodable"
            summary = "message \(i + 1) of \(expected.count) differs (" + ([time(i), what].compactMap { $0 }.joined(separator: ", ")) + ")"
            details.append("expected: " + (eMessage.map { line($0, eRejected) } ?? "message \(i + 1) cannot be read"))
            details.append("got:      " + (aMessage.map { line($0, aRejected) } ?? "message \(i + 1) cannot be read"))
        } else if i == expected.count {
            let extra = actual.count - expected.count
            summary = "\(labels.actual) has \(Words.plural(extra, "message")) more than \(labels.expected) (message \(i + 1)"
                + ([time(i), aMessage.map { header($0.message) }].compactMap { $0 }.map { ", " + $0 }.joined()) + ")"
            details.append("expected: no message \(i + 1) (\(labels.expected) ends)")
            details.append("got:      " + (aMessage.map { line($0, aRejected) } ?? "message \(i + 1) cannot be read"))
        } else {
            let missing = expected.count - actual.count
            let end = time(actual.count - 1).map { " at " + $0 } ?? ""
            summary = "\(labels.actual) has \(Words.plural(missing, "message")) fewer than \(labels.expected) (message \(i + 1)"
                + (eMessage.map { ", " + header($0.message) } ?? "") + ")"
            details.append("expected: " + (eMessage.map { line($0, eRejected) } ?? "message \(i + 1) cannot be read"))
            details.append("got:      no message \(i + 1) (\(labels.actual) ends with message \(actual.count)\(end))")
        }
        details.append(totals)

        let eEvents = eMessage?.message.events ?? []
        let aEvents = aMessage?.message.events ?? []
        if eEvents != aEvents {
            details.append("events: expected \(Words.events(eEvents)); got \(Words.events(aEvents))")
        }
        let allExpected = events(expected), allActual = events(actual)
        if allExpected.map(\.0) != allActual.map(\.0) || allExpected.map(\.1) != allActual.map(\.1) {
            details.append("events of the whole stream: expected \(eventList(allExpected)); got \(eventList(allActual))")
        }
        // The frame a viewer holds at that moment: after message i, or the last one on a side that
        // has no message i.
        let eFrame = eMessage?.frame ?? (i >= expected.count ? e.messages.last?.frame : nil)
        let aFrame = aMessage?.frame ?? (i >= actual.count ? a.messages.last?.frame : nil)
        if let eFrame, let aFrame {
            // The frame before message i is the same on both sides: its ids are the same entries.
            var stable: Set<UInt32> = []
            if i > 0, let common = e.frame(after: i - 1) { collectIds(common.items, into: &stable) }
            let differences = FrameComparison.differences(expected: eFrame, actual: aFrame, names: names, stableIds: stable)
            if differences.isEmpty {
                if let eMessage, let aMessage, eEvents == aEvents {
                    // Same frame, other bytes: show both messages in words.
                    details.append("the frame after it is the same: the messages differ in how they get there")
                    let before = i > 0 ? e.frame(after: i - 1) : nil
                    for (label, m) in [("expected", eMessage), ("got", aMessage)] {
                        var lines = MessageText.describe(m.message, byteCount: m.bytes.count, previous: before, after: m.frame, names: names)
                        if lines.count > 12 { lines = Array(lines.prefix(12)) + ["  … and \(lines.count - 12) more lines"] }
                        details.append("\(label): " + lines[0])
                        details += lines.dropFirst().map { "  " + $0 }
                    }
                }
            } else {
                details.append("the frame after it, expected → got:")
                details += differences.map { "  " + $0 }
            }
        }
        return StreamDifference(index: i, summary: summary, details: details, expectedFrame: eFrame, actualFrame: aFrame)
    }

    /// Every host event of a stream with the number of its message.
    static func events(_ messages: [[UInt8]]) -> [(Int, HostEvent)] {
        var out: [(Int, HostEvent)] = []
        for (i, bytes) in messages.enumerated() {
            guard let message = try? WireDecoder.decode(bytes) else { break }
            for event in message.events { out.append((i + 1, event)) }
        }
        return out
    }

    static func eventList(_ events: [(Int, HostEvent)]) -> String {
        if events.isEmpty { return "none" }
        let shown = events.prefix(8).map { "\(Words.events([$0.1])) (message \($0.0))" }.joined(separator: ", ")
        return events.count > 8 ? shown + " and \(events.count - 8) more" : shown
    }

    static func collectIds(_ items: [Item], into ids: inout Set<UInt32>) {
        for item in items {
            ids.insert(item.id)
            if item.isLayer { collectIds(item.children, into: &ids) }
        }
    }

    static func bytes(_ messages: [[UInt8]]) -> Int { messages.reduce(0) { $0 + 4 + $1.count } }

    static func header(_ message: Message) -> String {
        "seq \(message.sequence), " + (message.isKeyframe ? "keyframe" : "delta")
    }

    static func line(_ m: DecodedMessage) -> String {
        var text = (m.message.isKeyframe ? "keyframe" : "delta") + " seq \(m.message.sequence)"
        if case let .delta(base, _) = m.message.body, base != m.message.sequence &- 1 { text += " (base \(base))" }
        text += ", \(Words.plural(m.bytes.count, "byte")), events: \(Words.events(m.message.events))"
        return text
    }
}
