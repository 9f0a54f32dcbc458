import VeilCore

/// libFuzzer target: the wire decoder and the mirror. The input is a stream file's layout
/// (docs/PROTOCOL.md, "`veil stream` files": each message after its length, u32 little-endian; a
/// length past the end takes what is left), so `examples/*.stream` seed it. Each message is
/// decoded; one that decodes must encode to bytes that decode to the same message, and is applied
/// to a `FrameMirror` (which may refuse it, never trap).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var mirror = FrameMirror()
    var at = 0
    while at < bytes.count {
        var length = 0
        for k in 0 ..< 4 where at + k < bytes.count { length |= Int(bytes[at + k]) << (8 * k) }
        at = min(at + 4, bytes.count)
        let end = length > bytes.count - at ? bytes.count : at + length
        let message = Array(bytes[at ..< end])
        at = end
        guard let decoded = try? WireDecoder.decode(message) else { continue }
        let again = WireEncoder.encode(decoded)
        do throws(WireError) {
            guard try WireDecoder.decode(again) == decoded else {
                FuzzCheck.fail("a decoded message encodes to one that decodes differently")
            }
        } catch {
            FuzzCheck.fail("a decoded message encodes to bytes the decoder refuses: \(error.message)")
        }
        _ = try? mirror.apply(decoded)
    }
    return 0
}
