import VeilCore

/// libFuzzer target: the scene reader (`SceneReader.read`) over arbitrary bytes. It must return a
/// scene or a `SceneError`, never trap; an error names a line and column inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(SceneError) {
        _ = try SceneReader.read(bytes, file: "fuzz.json")
    } catch {
        FuzzCheck.position(of: error, in: bytes)
    }
    return 0
}
