import ArgumentParser
import Foundation
import VeilCore
import VeilStreamTools

/// `veil test [PATH…]`: replays every case (scene + optional events + recorded stream,
/// docs/TESTING.md) and compares the bytes; a difference is explained in words.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay recorded patch-stream cases and compare them byte for byte.",
        discussion: """
            A case is a scene NAME.json, its optional events NAME.events.jsonl and its recorded \
            stream NAME.stream, side by side. PATH is a folder (searched at any depth), a case's \
            scene or stream file, or its name; the default is tests/. Each case is run as `veil stream --fps 30 \
            --duration D` would run it (D: the last timeline or events time, rounded up, plus one \
            second). Prints one line per case and a summary; exits 0 when every case passes, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("Case folders or files (default: tests/).", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Record missing streams and replace the ones that differ (says which).")
    var update = false

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Cases run at once (default: the number of processors).", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("For each failing case, write here the expected and the actual frame at the first difference: NAME.expected.svg, NAME.actual.svg and both side by side in NAME.svg.",
                               valueName: "dir"))
    var svg: String?

    @Flag(name: [.short, .long], help: "Print only the cases that do not pass, and the summary.")
    var quiet = false

    @Option(help: ArgumentHelp("Ticks per second of every run (1 … 240).", valueName: "n"))
    var fps: Int = 30

    @Option(help: ArgumentHelp("Seconds to run every case (default: per case, see above).", valueName: "seconds"))
    var duration: Double?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        guard StreamRunner.fpsRange.contains(fps) else {
            throw ValidationError("--fps must be between \(StreamRunner.fpsRange.lowerBound) and \(StreamRunner.fpsRange.upperBound)")
        }
        if let duration, !(duration.isFinite && duration >= 0 && duration <= StreamRunner.maxDuration) {
            throw ValidationError("--duration must be between 0 and \(Int(StreamRunner.maxDuration)) seconds")
        }
    }

    func run() throws {
        try reportingFailures {
            let started = Date()
            let given = paths.isEmpty ? ["tests"] : paths
            if paths.isEmpty && !FileManager.default.fileExists(atPath: "tests") {
                throw Failure("no tests/ folder here: give the folders or files of the cases (veil test PATH…)")
            }
            let cases = try StreamCase.discover(given)
            if cases.isEmpty {
                throw Failure("no cases in \(given.joined(separator: ", ")): a case is NAME.json (+ NAME.events.jsonl) with its recording NAME.stream")
            }
            if let svg {
                do {
                    try FileManager.default.createDirectory(atPath: svg, withIntermediateDirectories: true)
                } catch {
                    throw Failure("\(svg): cannot create the folder: \(error.localizedDescription)")
                }
            }
            let options = CaseOptions(fps: fps, duration: duration, update: update)
            let results = ParallelCases.run(cases, options: options, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount) { result in
                if quiet && result.status == .passed { return }
                Self.print(result)
                if let svg, result.isFailure, result.expectedFrame != nil || result.actualFrame != nil {
                    Self.writePictures(result, into: svg)
                }
            }
            let seconds = Date().timeIntervalSince(started)
            if let junit {
                let xml = JUnitReport.xml(results, seconds: seconds)
                guard FileManager.default.createFile(atPath: junit, contents: Data(xml.utf8)) else {
                    throw Failure("\(junit): cannot write the JUnit report")
                }
            }
            for stream in StreamCase.unpairedRecordings(given) {
                Self.write("note \(stream): no scene of its name beside it (a recording a Swift test names?): not run\n")
            }
            let mismatched = results.filter { $0.status == .failed && $0.testCase.followsConvention }.map(\.testCase.name)
            if !mismatched.isEmpty {
                Self.write("     to accept \(mismatched.count == 1 ? "this change" : "these changes") on purpose: veil test --update \(mismatched.joined(separator: " "))\n")
            }
            let passed = results.filter { $0.status == .passed }.count
            let failed = results.filter(\.isFailure).count
            var summary = "\(passed) passed, \(failed) failed"
            let recorded = results.filter { $0.status == .recorded }.count
            let updated = results.filter { $0.status == .updated }.count
            if recorded > 0 { summary += ", \(recorded) recorded" }
            if updated > 0 { summary += ", \(updated) updated" }
            Self.write(summary + " (\(Words.decimal(Int64((seconds * 1000).rounded()), 1000, digits: 2)) s)\n")
            if failed > 0 { throw ExitCode.failure }
        }
    }

    /// NAME.expected.svg, NAME.actual.svg and NAME.svg (both side by side) in `folder`.
    static func writePictures(_ result: CaseResult, into folder: String) {
        let name = (result.testCase.name as NSString).lastPathComponent
        let stem = folder + "/" + name
        var written: [String] = []
        if let frame = result.expectedFrame,
           FileManager.default.createFile(atPath: stem + ".expected.svg", contents: Data(SVGExport.svg(frame))) {
            written.append(stem + ".expected.svg")
        }
        if let frame = result.actualFrame,
           FileManager.default.createFile(atPath: stem + ".actual.svg", contents: Data(SVGExport.svg(frame))) {
            written.append(stem + ".actual.svg")
        }
        let both = SideBySideSVG.svg(expected: result.expectedFrame, actual: result.actualFrame,
                                     caption: "\(result.testCase.name): \(result.summary)")
        if FileManager.default.createFile(atPath: stem + ".svg", contents: Data(both)) { written.append(stem + ".svg") }
        if !written.isEmpty { write("     frames at the difference: \(written.joined(separator: ", "))\n") }
    }

    static func print(_ result: CaseResult) {
        let tag: String
        switch result.status {
        case .passed: tag = paint("ok  ", "32")
        case .failed: tag = paint("FAIL", "1;31")
        case .error: tag = paint("ERR ", "1;31")
        case .recorded: tag = paint("new ", "33")
        case .updated: tag = paint("upd ", "33")
        }
        var text = "\(tag) \(result.testCase.name)  \(result.summary)\n"
        for line in result.details { text += "     \(line)\n" }
        write(text)
    }

    /// Colours for a terminal (not when NO_COLOR is set, nor into a pipe or a file).
    static let colours = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func paint(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Runs cases on `jobs` threads; `report` sees each result in case order, as soon as it and every
/// case before it are done.
enum ParallelCases {
    static func run(_ cases: [StreamCase], options: CaseOptions, jobs: Int,
                    report: (CaseResult) -> Void) -> [CaseResult] {
        let state = State(count: cases.count)
        let workers = max(1, min(jobs, cases.count))
        let group = DispatchGroup()
        for _ in 0 ..< workers {
            group.enter()
            Thread.detachNewThread {
                while let i = state.next() {
                    state.finish(i, CaseRunner.run(cases[i], options))
                }
                group.leave()
            }
        }
        var reported = 0
        var results: [CaseResult] = []
        while reported < cases.count {
            let ready = state.wait(for: reported)
            for result in ready { report(result); results.append(result) }
            reported += ready.count
        }
        group.wait()
        return results
    }

    /// The queue of case indices and the results so far, behind one lock.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var nextIndex = 0
        private let count: Int
        private var results: [CaseResult?]

        init(count: Int) { self.count = count; results = Array(repeating: nil, count: count) }

        func next() -> Int? {
            condition.lock(); defer { condition.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func finish(_ i: Int, _ result: CaseResult) {
            condition.lock()
            results[i] = result
            condition.broadcast()
            condition.unlock()
        }

        /// The results from `start` on that are done without a gap; waits for at least one.
        func wait(for start: Int) -> [CaseResult] {
            condition.lock(); defer { condition.unlock() }
            while results[start] == nil { condition.wait() }
            var out: [CaseResult] = []
            var i = start
            while i < count, let r = results[i] { out.append(r); i += 1 }
            return out
        }
    }
}
