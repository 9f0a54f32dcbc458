// The session fuzzer as a wasm module of its own (veil-fuzz.wasm, mk/fuzz.mk): VeilCore in Embedded
// Swift as in veil.wasm, with `SessionFuzz` over it, so node can run it on random inputs
// (Tests/wasm/fuzz.test.mjs) without veil.wasm growing. A broken invariant returns 1 with its
// description at `fuzz_message`; anything else wrong traps, which the test reports.

/// The last failure's description, in memory of its own so its address stays valid for the host.
nonisolated(unsafe) private var message = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

/// Memory for an input of `length` bytes (≤ 1 MiB), freed by `fuzz_free`.
@_expose(wasm, "fuzz_alloc") @_cdecl("fuzz_alloc")
public func fuzz_alloc(_ length: Int32) -> UnsafeMutableRawPointer? {
    guard length >= 0, length <= 1 << 20 else { return nil }
    return .allocate(byteCount: max(Int(length), 1), alignment: 8)
}

@_expose(wasm, "fuzz_free") @_cdecl("fuzz_free")
public func fuzz_free(_ pointer: UnsafeMutableRawPointer?) { pointer?.deallocate() }

/// One session run on the input: 0 when every invariant held, 1 when one broke (see fuzz_message).
@_expose(wasm, "fuzz_run") @_cdecl("fuzz_run")
public func fuzz_run(_ bytes: UnsafeRawPointer?, _ length: Int32) -> Int32 {
    guard let bytes, length >= 0 else { return 1 }
    let input = Array(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
    var run = SessionFuzz()
    guard let failure = run.run(input) else { return 0 }
    keep(failure + "\nscene: " + run.sceneText + "\nevents:\n" + run.events)
    return 1
}

/// The scene and events file the input makes, without running them, at `fuzz_message`: the scene's
/// JSON, a line "---", the action lines, a line "---" and the last tick's time in milliseconds.
/// Tests/wasm/agreement.test.mjs plays them natively and in veil.wasm and compares the bytes.
@_expose(wasm, "fuzz_script") @_cdecl("fuzz_script")
public func fuzz_script(_ bytes: UnsafeRawPointer?, _ length: Int32) -> Int32 {
    guard let bytes, length >= 0 else { return 1 }
    let (scene, steps) = SessionFuzz.script(Array(UnsafeRawBufferPointer(start: bytes, count: Int(length))))
    var events = ""
    var end = 0
    for step in steps {
        switch step {
        case let .action(line): events += line + "\n"
        case .keyframe: break
        case let .tick(milliseconds): end = milliseconds
        }
    }
    keep(scene + "\n---\n" + events + "---\n\(end)")
    return 0
}

private func keep(_ text: String) {
    let bytes = Array(text.utf8)
    message.deallocate()
    message = .allocate(capacity: bytes.count)
    _ = message.initialize(from: bytes)
}

/// The last failure's description (UTF-8), `fuzz_message_length` bytes.
@_expose(wasm, "fuzz_message") @_cdecl("fuzz_message")
public func fuzz_message() -> UnsafeRawPointer? { UnsafeRawPointer(message.baseAddress) }

@_expose(wasm, "fuzz_message_length") @_cdecl("fuzz_message_length")
public func fuzz_message_length() -> Int32 { Int32(message.count) }
