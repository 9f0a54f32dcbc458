import Testing
@testable import VeilServer

/// `CaseRecording`: a viewer's messages as events-file lines on the session's clock, bounded.
struct CaseRecordingTests {
    @Test func aLineIsTheMessageWithTheSessionsTime() {
        #expect(CaseRecording.line(Array(#"{"t": 91.5, "command": {"appearance": "dark"}}"#.utf8), at: 1.23456)
                == #"{"t":1.2346,"command":{"appearance":"dark"}}"#)
        #expect(CaseRecording.line(Array("[1]".utf8), at: 0) == nil)
    }

    @Test func timesNeverGoBack() {
        var recording = CaseRecording()
        recording.append(Array(#"{"command": {"motion": "reduced"}}"#.utf8), at: 2)
        recording.append(Array(#"{"command": {"motion": "full"}}"#.utf8), at: 1)
        #expect(recording.lines == [#"{"t":2.0,"command":{"motion":"reduced"}}"#, #"{"t":2.0,"command":{"motion":"full"}}"#])
        #expect(recording.eventsFile.split(separator: "\n").count == 2)
    }

    @Test func itStopsAtItsBoundAndSaysWhy() {
        var recording = CaseRecording()
        let message = Array(#"{"command": {"motion": "full"}}"#.utf8)
        for i in 0 ... CaseRecording.maxLines { recording.append(message, at: Double(i)) }
        #expect(recording.lines.count == CaseRecording.maxLines)
        #expect(recording.overflow?.contains("\(CaseRecording.maxLines)") == true)
    }
}
