import Foundation
import Testing
import VeilCore
import VeilWasm

// The C ABI of veil.wasm (docs/PROTOCOL.md, "The wasm ABI"), called natively: the same Swift functions the wasm
// module exports. One suite, serialized: the exports share their output and error buffers.
@Suite(.serialized) struct WasmABITests {
    static let root = RepositoryFiles.root
    static let helloScene = try! Array(Data(contentsOf: root.appendingPathComponent("examples/hello.json")))

    // MARK: Sessions and ticks

    @Test func tickReturnsTheSameBytesAsTheCoreSession() throws {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        #expect(handle >= 1, "\(errorText())")
        let core = Session(scene: try SceneReader.read(Self.helloScene, file: "scene.json"))
        for t in [0.0, 0.5, 1.0, 1.5] {
            #expect(tick(handle, t) == core.tick(at: t))
        }
    }

    @Test func keyframeFirstThenNothingUntilAKeyframeIsRequested() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        #expect((tick(handle, 0)?.count ?? 0) > 0)
        #expect(veil_tick(handle, 0) == 0)
        #expect(veil_keyframe(handle) == 0)
        #expect((tick(handle, 0)?.count ?? 0) > 0)
        #expect(veil_tick(handle, 0) == 0)
    }

    @Test func aCommandReachesTheSession() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        _ = tick(handle, 0)
        #expect(call(veil_perform, handle, #"{"command": {"set": {"node": "title", "text": "Changed"}}}"#) == 0,
                "\(errorText())")
        #expect(tick(handle, 0.1) != nil)
    }

    // MARK: Errors

    @Test func badJSONIsRefusedWithItsPositionAndChangesNothing() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        _ = tick(handle, 0)
        #expect(call(veil_perform, handle, #"{"command": {"set": "#) == -4)
        #expect(errorText().hasPrefix("veil_perform:1:"))
        #expect(call(veil_input, handle, "[]") == -4)
        #expect(errorText().hasPrefix("veil_input:1:"))
        #expect(veil_tick(handle, 0.1) == 0)
    }

    @Test func aCommandOnAnUnknownNodeIsRejected() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        _ = tick(handle, 0)
        #expect(call(veil_perform, handle, #"{"command": {"set": {"node": "nope", "hidden": true}}}"#) == -6)
        #expect(errorText().contains("nope"))
        #expect(veil_tick(handle, 0.1) == 0)
    }

    @Test func inputAndCommandAreNotInterchangeable() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        #expect(call(veil_input, handle, #"{"command": {"set": {"node": "title", "hidden": true}}}"#) == -5)
        #expect(call(veil_perform, handle, #"{"input": {"resize": {"width": 800, "height": 600}}}"#) == -5)
    }

    @Test func aBadSceneGivesHandleZeroAndAPosition() {
        #expect(newSession(Array(#"{"root": {"type": "nonsense"}}"#.utf8)) == 0)
        #expect(errorText().hasPrefix("scene.json:1:"))
    }

    @Test func unknownAndFreedHandlesAreErrors() {
        for bad: Int32 in [0, -1, 4242, .max] {
            #expect(veil_tick(bad, 0) == -1)
            #expect(errorText() == "no session with handle \(bad)")
            #expect(veil_keyframe(bad) == -1)
            #expect(call(veil_perform, bad, "{}") == -1)
        }
        let handle = newSession(Self.helloScene)
        #expect(veil_session_free(handle) == 0)
        #expect(veil_session_free(handle) == -1)
        #expect(veil_tick(handle, 0) == -1)
        let next = newSession(Self.helloScene)
        defer { _ = veil_session_free(next) }
        #expect(next > handle, "handles are not reused")
    }

    @Test func badArgumentsAreErrors() {
        let handle = newSession(Self.helloScene)
        defer { _ = veil_session_free(handle) }
        #expect(veil_alloc(-1) == nil)
        #expect(veil_alloc(.max) == nil)
        #expect(veil_perform(handle, nil, 3) == -2)
        #expect(veil_tick(handle, .nan) == -2)
        #expect(veil_session_new(nil, 3) == 0)
        let tooLong = Array(repeating: UInt8(ascii: " "), count: Limits.maxActionBytes + 1)
        #expect(tooLong.withUnsafeBytes { veil_perform(handle, $0.baseAddress, Int32($0.count)) } == -3)
        #expect(errorText().contains("at most \(Limits.maxActionBytes)"))
        #expect((tick(handle, 0)?.count ?? 0) > 0, "the session still works")
    }

    @Test func allocatedMemoryIsWritable() throws {
        let block = try #require(veil_alloc(100))
        block.storeBytes(of: 0xAB, toByteOffset: 99, as: UInt8.self)
        #expect(block.load(fromByteOffset: 99, as: UInt8.self) == 0xAB)
        veil_free(block)
        veil_free(nil)
    }

    // MARK: Native == wasm

    /// The stream these exports give natively equals the one veil.wasm gives in node
    /// (Tests/wasm/stream.mjs), for every scene in examples/ with its events.
    /// Needs `make wasm` first (as `make test` does): a missing module is a failure, not a skip.
    @Test func nativeAndWasmStreamsAreIdentical() throws {
        try #require(Self.canRunWasm, "needs .build/wasm/veil.wasm (make wasm) and node on PATH")
        let examples = Self.root.appendingPathComponent("examples")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(!scenes.isEmpty)
        for file in scenes {
            let scene = examples.appendingPathComponent(file)
            let events = examples.appendingPathComponent(file.dropLast(5) + ".events.jsonl")
            let hasEvents = FileManager.default.fileExists(atPath: events.path)
            let native = try streamThroughExports(
                scene: Array(Data(contentsOf: scene)),
                events: hasEvents ? String(decoding: try Data(contentsOf: events), as: UTF8.self) : "",
                duration: 3, fps: 30)
            let wasm = try runNode(["Tests/wasm/stream.mjs", scene.path]
                + (hasEvents ? ["--events", events.path] : []) + ["--duration", "3", "--fps", "30"])
            #expect(!native.isEmpty)
            // Compared as a Bool: printing two streams of kilobytes helps nobody; the first difference does.
            let firstDifference = (0..<min(native.count, wasm.count)).first { native[$0] != wasm[$0] } ?? min(native.count, wasm.count)
            let identical = native == wasm
            #expect(identical, "\(file): native \(native.count) bytes, wasm \(wasm.count) bytes, first difference at byte \(firstDifference) (is .build/wasm/veil.wasm stale? make wasm)")
        }
    }

    static var canRunWasm: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(".build/wasm/veil.wasm").path)
            && (try? runNode(["--version"])) != nil
    }
}

// MARK: - Helpers

private func newSession(_ scene: [UInt8]) -> Int32 {
    scene.withUnsafeBytes { veil_session_new($0.baseAddress, Int32($0.count)) }
}

private func call(_ export: (Int32, UnsafeRawPointer?, Int32) -> Int32, _ handle: Int32, _ json: String) -> Int32 {
    Array(json.utf8).withUnsafeBytes { export(handle, $0.baseAddress, Int32($0.count)) }
}

/// The message of a tick, nil when nothing changed; a negative status fails the test.
private func tick(_ handle: Int32, _ t: Double) -> [UInt8]? {
    let length = veil_tick(handle, t)
    #expect(length >= 0, "\(errorText())")
    guard length > 0 else { return nil }
    return Array(UnsafeRawBufferPointer(start: veil_output(), count: Int(length)))
}

private func errorText() -> String {
    String(cString: veil_error().assumingMemoryBound(to: CChar.self))
}

struct StreamError: Error, CustomStringConvertible { var description: String }

/// The `veil stream` loop through the exports: ticks at k/fps for k = 0…duration·fps, events applied
/// (in time order, file order within a time) before the first tick at or after their time, each
/// non-empty message prefixed by its length as a little-endian u32.
private func streamThroughExports(scene: [UInt8], events: String, duration: Int, fps: Int) throws -> [UInt8] {
    let handle = newSession(scene)
    guard handle > 0 else { throw StreamError(description: errorText()) }
    defer { _ = veil_session_free(handle) }
    var timed: [(time: Double, isCommand: Bool, line: String)] = []
    for (n, line) in events.split(separator: "\n").enumerated()
    where !line.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) {
        let bytes = Array(line.utf8)
        do throws(SceneError) {
            let action = try SceneReader.readAction(bytes, file: "events", line: n + 1)
            let isCommand = if case .command = action.action { true } else { false }
            timed.append((action.time, isCommand, String(line)))
        } catch {
            throw StreamError(description: error.description)
        }
    }
    let order = timed.indices.sorted { (timed[$0].time, $0) < (timed[$1].time, $1) }
    var next = 0
    var out: [UInt8] = []
    for k in 0...(duration * fps) {
        let t = Double(k) / Double(fps)
        while next < order.count, timed[order[next]].time <= t {
            let event = timed[order[next]]
            let status = call(event.isCommand ? veil_perform : veil_input, handle, event.line)
            guard status == 0 else { throw StreamError(description: "\(event.line): \(errorText())") }
            next += 1
        }
        guard let message = tick(handle, t) else { continue }
        withUnsafeBytes(of: UInt32(message.count).littleEndian) { out += $0 }
        out += message
    }
    return out
}

@discardableResult
private func runNode(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node"] + arguments
    process.currentDirectoryURL = WasmABITests.root
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw StreamError(description: "node \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
    return Array(data)
}
