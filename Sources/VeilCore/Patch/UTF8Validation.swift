/// Strict UTF-8 check (the WHATWG "fatal" decoder's rules: no overlongs, no surrogates, nothing above
/// U+10FFFF). Text must round-trip exactly through a JS string, or the frame hash would differ.
enum UTF8Validation {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            var need = 0
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; high = 0x9F
            case 0xF0: need = 3; low = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; high = 0x8F
            default: return false
            }
            if end - i <= need { return false }
            let second = bytes[i + 1]
            if second < low || second > high { return false }
            var k = 2
            while k <= need {
                if bytes[i + k] & 0xC0 != 0x80 { return false }
                k += 1
            }
            i += need + 1
        }
        return true
    }
}
