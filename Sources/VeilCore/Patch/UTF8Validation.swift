/// Strict UTF-8 check (the WHATWG "fatal" decoder's rules: no overlongs, no surrogates, nothing above
/// U+10FFFF), with the core's one decoder, `ScalarText.decode`. Text must round-trip exactly through a
/// JS string, or the frame hash would differ.
enum UTF8Validation {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(bytes)
        var i = 0
        while i < bytes.count {
            let (scalar, length) = ScalarText.decode(bytes, at: i, end: bytes.count)
            if scalar == nil { return false }
            i += length
        }
        return true
    }
}
