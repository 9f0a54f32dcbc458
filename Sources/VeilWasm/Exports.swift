import VeilCore

// The C ABI of veil.wasm (docs/PROTOCOL.md, "The wasm ABI"). Plain functions over the core: the host passes
// UTF-8 JSON in memory it got from `veil_alloc`, and reads results from `veil_output()` and
// `veil_error()`. Wasm is single-threaded; native callers (the tests) call from one thread at a time.

nonisolated(unsafe) private var sessions = SessionTable()
nonisolated(unsafe) private var output = HostBuffer(capacity: 4096)
nonisolated(unsafe) private var lastError = HostBuffer(capacity: 256)

/// The largest block a host needs: no input the module accepts is bigger.
private let maxAllocation = max(Limits.maxSceneBytes, Limits.maxActionBytes)

/// Memory for the host to write input into; null when `length` is negative or above what any
/// export accepts. Free it with `veil_free`.
@_cdecl("veil_alloc")
public func veil_alloc(_ length: Int32) -> UnsafeMutableRawPointer? {
    guard length >= 0, Int(length) <= maxAllocation else { return nil }
    return .allocate(byteCount: max(Int(length), 1), alignment: 8)
}

/// Frees a block from `veil_alloc`; null is ignored.
@_cdecl("veil_free")
public func veil_free(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// A new session on a scene file's bytes (UTF-8 JSON). Returns its handle (≥ 1), or 0 with the
/// reader's `file:line:column: message` at `veil_error()`.
@_cdecl("veil_session_new")
public func veil_session_new(_ bytes: UnsafeRawPointer?, _ length: Int32) -> Int32 {
    let source: [UInt8]
    switch copyInput(bytes, length, limit: Limits.maxSceneBytes, what: "scene") {
    case let .success(s): source = s
    case .failure: return 0
    }
    if sessions.isFull {
        _ = fail(.tooManySessions, UTF8Text("too many sessions (\(SessionTable.capacity)); free one with veil_session_free").string)
        return 0
    }
    let scene: Scene
    do throws(SceneError) {
        scene = try SceneReader.read(source, file: "scene.json")
    } catch {
        _ = fail(.badJSON, error.description)
        return 0
    }
    guard let handle = sessions.insert(Session(scene: scene)) else {
        _ = fail(.tooManySessions, "no session handles left")
        return 0
    }
    return handle
}

/// Ends a session. Returns 0, or `badHandle` when the handle names none.
@_cdecl("veil_session_free")
public func veil_session_free(_ handle: Int32) -> Int32 {
    guard sessions.remove(handle) else { return badHandle(handle) }
    return ReturnCode.ok.rawValue
}

/// Applies a command: `{"command": COMMAND}` (one events-file line) — at its "t" (seconds, the clock
/// of `veil_tick`) when it has one, else now.
/// Returns 0, or a negative status with nothing changed.
@_cdecl("veil_perform")
public func veil_perform(_ handle: Int32, _ bytes: UnsafeRawPointer?, _ length: Int32) -> Int32 {
    apply(handle, bytes, length, call: "veil_perform") { session, timed throws(Failure) in
        guard case let .command(command) = timed.action else {
            throw Failure(.wrongKind, "veil_perform takes {\"command\": …}; send input to veil_input")
        }
        do throws(SessionError) { try session.apply(TimedAction(time: timed.time, action: .command(command), isTimed: timed.isTimed)) } catch {
            throw Failure(.rejected, error.message)
        }
    }
}

/// Applies an input event: `{"input": INPUT}` (pointer, key or resize) — at its "t" when it has one
/// (the host's time stamp of the event, on the clock of `veil_tick`), else now.
/// Returns 0, or a negative status with nothing changed.
@_cdecl("veil_input")
public func veil_input(_ handle: Int32, _ bytes: UnsafeRawPointer?, _ length: Int32) -> Int32 {
    apply(handle, bytes, length, call: "veil_input") { session, timed throws(Failure) in
        guard case let .input(event) = timed.action else {
            throw Failure(.wrongKind, "veil_input takes {\"input\": …}; send commands to veil_perform")
        }
        do throws(SessionError) { try session.apply(TimedAction(time: timed.time, action: .input(event), isTimed: timed.isTimed)) } catch {
            throw Failure(.rejected, error.message)
        }
    }
}

/// Advances the session to `seconds` and returns the length of the next message at
/// `veil_output()` (a keyframe first), 0 when nothing changed, or a negative status.
@_cdecl("veil_tick")
public func veil_tick(_ handle: Int32, _ seconds: Double) -> Int32 {
    guard let session = sessions.session(handle) else { return badHandle(handle) }
    guard seconds.isFinite else { return fail(.badArgument, "veil_tick needs a finite time in seconds") }
    guard let message = session.tick(at: seconds), !message.isEmpty else { return 0 }
    output.write(message)
    return Int32(message.count)
}

/// The next tick sends a keyframe (a viewer lost its mirror). Returns 0 or `badHandle`.
@_cdecl("veil_keyframe")
public func veil_keyframe(_ handle: Int32) -> Int32 {
    guard let session = sessions.session(handle) else { return badHandle(handle) }
    session.requestKeyframe()
    return ReturnCode.ok.rawValue
}

/// When the session next changes by itself, in seconds on the clock of `veil_tick`
/// (`Session.nextChange`): its time while something animates, a later time when an action or a
/// delayed show is due, +infinity when nothing changes without a command or input; -1 for a bad
/// handle. A host runs its frame loop only while this is due.
@_cdecl("veil_next_change")
public func veil_next_change(_ handle: Int32) -> Double {
    guard let session = sessions.session(handle) else { _ = badHandle(handle); return -1 }
    return session.nextChange ?? .infinity
}

/// The accessibility description of the session's current layout as JSON at `veil_output()`
/// (`AccessibilityDescription.json`: busy, statuses, buttons); returns its length, or a negative
/// status. The output buffer is shared with `veil_tick`: copy it before the next tick.
@_cdecl("veil_describe")
public func veil_describe(_ handle: Int32) -> Int32 {
    guard let session = sessions.session(handle) else { return badHandle(handle) }
    let json = session.accessibilityDescription().json
    output.write(json)
    return Int32(json.count)
}

/// The message of the last `veil_tick` that returned a length; valid until the next tick.
@_cdecl("veil_output")
public func veil_output() -> UnsafeRawPointer {
    output.address
}

/// The message of the last failed call: NUL-terminated UTF-8, valid until the next failure.
@_cdecl("veil_error")
public func veil_error() -> UnsafeRawPointer {
    lastError.address
}

// MARK: - Shared steps

/// A failed step: the status to return and the message for `veil_error()`.
struct Failure: Error {
    var status: ReturnCode
    var message: String
    init(_ status: ReturnCode, _ message: String) { self.status = status; self.message = message }
    /// Messages are built as `UTF8Text` (no String appending in veil.wasm).
    init(_ status: ReturnCode, text: UTF8Text) { self.init(status, text.string) }
}

@inline(never)  // for size: every export fails from a few places
private func fail(_ status: ReturnCode, _ message: String) -> Int32 {
    lastError.write(message)
    return status.rawValue
}

/// Fails with `badHandle` and says which handle (out of line: six exports look a handle up).
@inline(never)
private func badHandle(_ handle: Int32) -> Int32 {
    fail(.badHandle, UTF8Text("no session with handle \(handle)").string)
}

/// Copies the host's bytes after checking the pointer and the size bound.
#if arch(wasm32)
@_extern(c, "veil_memory_bytes") func veilMemoryBytes() -> Int
/// Whether [start, start + count) lies inside the linear memory (reading past it would trap).
private func inMemory(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
    let address = UInt(bitPattern: start)
    return address <= UInt(veilMemoryBytes()) && UInt(count) <= UInt(veilMemoryBytes()) - address
}
#else
/// Natively any pointer the caller passes is its own business (the tests pass real buffers).
private func inMemory(_ start: UnsafeRawPointer, _ count: Int) -> Bool { true }
#endif

private func copyInput(_ bytes: UnsafeRawPointer?, _ length: Int32, limit: Int, what: String)
    -> Result<[UInt8], Failure>
{
    let failure: Failure
    if length < 0 {
        failure = Failure(.badArgument, text: "negative \(what) length \(length)")
    } else if Int(length) > limit {
        failure = Failure(.tooLarge, text: "\(what) is \(length) bytes; at most \(limit) are accepted")
    } else if length == 0 {
        return .success([])
    } else if let bytes, !inMemory(bytes, Int(length)) {
        failure = Failure(.badArgument, text: "\(what) at \(UInt(bitPattern: bytes)) with length \(length) runs past the module's memory")
    } else if let bytes {
        return .success(Array(UnsafeRawBufferPointer(start: bytes, count: Int(length))))
    } else {
        failure = Failure(.badArgument, text: "null \(what) pointer with length \(length)")
    }
    _ = fail(failure.status, failure.message)
    return .failure(failure)
}

/// The common path of perform and input: handle, bytes, JSON, then `body`.
private func apply(
    _ handle: Int32, _ bytes: UnsafeRawPointer?, _ length: Int32, call: String,
    _ body: (Session, TimedAction) throws(Failure) -> Void
) -> Int32 {
    guard let session = sessions.session(handle) else { return badHandle(handle) }
    let source: [UInt8]
    switch copyInput(bytes, length, limit: Limits.maxActionBytes, what: UTF8Text("\(call) JSON").string) {
    case let .success(s): source = s
    case let .failure(f): return f.status.rawValue
    }
    do throws(Failure) {
        let action: TimedAction
        do throws(SceneError) {
            action = try SceneReader.readAction(source, file: call, line: 1)
        } catch {
            throw Failure(.badJSON, error.description)
        }
        try body(session, action)
    } catch {
        return fail(error.status, error.message)
    }
    return ReturnCode.ok.rawValue
}
