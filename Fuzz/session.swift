#if canImport(Glibc)
import Glibc
#endif
import VeilCore

/// libFuzzer target: the whole session (`SessionFuzz`: a scene from `SceneGrammar`, then commands,
/// inputs and ticks; every message decodes and applies to a mirror; nodes, entries and text per
/// tick within their bounds). Natively it also times each tick (CPU time): one slower than FUZZ_TICK_MS
/// (default 2000: a generous bound for sanitizer builds on a busy machine) is a failure. With
/// FUZZ_REPORT_DIR set, each run that sets a new record (slowest tick, most nodes laid out)
/// writes its scene and events there (slowest.json + slowest.events.jsonl, biggest.…) and prints
/// the record, for `veil stream` or `/usr/bin/time` to replay.
private let tickLimitNanoseconds = UInt64(FuzzCheck.number("FUZZ_TICK_MS", 2000)) * 1_000_000
private let reportDirectory: String? = getenv("FUZZ_REPORT_DIR").map { String(cString: $0) }
nonisolated(unsafe) private var slowest: UInt64 = 0
nonisolated(unsafe) private var biggest = 0

/// The thread's CPU time: on a shared machine wall time measures the other processes too (a
/// spinning tick still runs into the bound).
private func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

private func write(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { return }
    fputs(text, file)
    fclose(file)
}

private func record(_ name: String, _ run: SessionFuzz, _ work: TickWork) {
    print("#\(name) tick: \(work.nanoseconds / 1_000) µs, \(work.nodes) nodes, \(work.entries) entries, \(work.textBytes) text bytes, \(work.bytes) message bytes")
    guard let reportDirectory else { return }
    write(run.sceneText, to: "\(reportDirectory)/\(name).json")
    write(run.events, to: "\(reportDirectory)/\(name).events.jsonl")
}

/// Scenes already read, by their text: the reader is a pure function of the text (and `Scene` a value
/// whose nodes are copied on write), so a scene read once gives every later input with the same
/// scene bytes the very scene reading it again would: the same input still runs the same way. Most
/// of libFuzzer's mutations change the steps and leave the scene alone. Bounded: emptied when it
/// holds `sceneCacheLimit` scenes. FUZZ_SCENE_CACHE=0 reads every scene again.
///
/// What the cache keeps outlives the input that read it, so LeakSanitizer (AddressSanitizer builds)
/// would call it a leak (Swift keeps flags in the spare bits of the pointers in enums and strings,
/// which its scan does not follow): it is read and stored with LeakSanitizer off. Leaks while a
/// session runs are still found; leaks in the reader itself are the scene target's to find.
private let sceneCacheLimit = FuzzCheck.number("FUZZ_SCENE_CACHE", 512)
nonisolated(unsafe) private var sceneCache: [String: Scene?] = [:]

private typealias LeakSwitch = @convention(c) () -> Void
/// `__lsan_disable` / `__lsan_enable` when the build has LeakSanitizer, else nil.
private let leakChecksOff = dlsym(nil, "__lsan_disable").map { unsafeBitCast($0, to: LeakSwitch.self) }
private let leakChecksOn = dlsym(nil, "__lsan_enable").map { unsafeBitCast($0, to: LeakSwitch.self) }

private func cachedRead(_ text: String) -> Scene? {
    if let known = sceneCache[text] { return known }
    guard sceneCacheLimit > 0 else { return SessionFuzz.read(text) }
    leakChecksOff?()
    defer { leakChecksOn?() }
    if sceneCache.count >= sceneCacheLimit { sceneCache.removeAll(keepingCapacity: true) }
    let scene = SessionFuzz.read(text)
    sceneCache[text] = .some(scene)
    return scene
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var run = SessionFuzz()
    let failure = run.run(Array(UnsafeBufferPointer(start: data, count: size)), clock: now, read: cachedRead)
    if let failure {
        FuzzCheck.fail("\(failure)\nscene: \(run.sceneText)\nevents:\n\(run.events)")
    }
    if run.slowestTick.nanoseconds > tickLimitNanoseconds {
        FuzzCheck.fail("a tick took \(run.slowestTick.nanoseconds / 1_000_000) ms (FUZZ_TICK_MS: \(tickLimitNanoseconds / 1_000_000))\nscene: \(run.sceneText)\nevents:\n\(run.events)")
    }
    if reportDirectory != nil || getenv("FUZZ_REPORT") != nil {
        if run.slowestTick.nanoseconds > slowest {
            slowest = run.slowestTick.nanoseconds
            record("slowest", run, run.slowestTick)
        }
        if run.biggestTick.nodes > biggest {
            biggest = run.biggestTick.nodes
            record("biggest", run, run.biggestTick)
        }
    }
    return 0
}
