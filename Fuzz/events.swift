import VeilCore

/// libFuzzer target: the events and command reader (`SceneReader.readEvents`, which reads each line
/// with `readAction`, the reader `veil_perform`, `veil_input` and the server use) over arbitrary
/// bytes. It must return actions or a `SceneError`, never trap; an error names a line and column
/// inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventsReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(SceneError) {
        _ = try SceneReader.readEvents(bytes, file: "fuzz.events.jsonl")
    } catch {
        FuzzCheck.position(of: error, in: bytes)
    }
    return 0
}
