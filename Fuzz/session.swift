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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var run = SessionFuzz()
    let failure = run.run(Array(UnsafeBufferPointer(start: data, count: size)), clock: now)
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
