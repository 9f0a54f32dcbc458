/// Text decoded once for layout: the scalars, the byte offset where each starts in `utf8`, and
/// `utf8` itself, which is the input with every ill-formed sequence replaced by U+FFFD (so every
/// line the core emits is valid UTF-8 and a host decodes exactly what was measured).
struct ScalarText {
    var scalars: [UInt32] = []
    /// `starts[i]` is where scalar i begins in `utf8`; `starts[count]` == utf8.count.
    var starts: [Int] = [0]
    var utf8: [UInt8] = []

    var count: Int { scalars.count }

    /// Decodes at most Limits.maxTextBytes bytes of `bytes` (cut at a scalar boundary; the scene
    /// reader rejects longer text, so this only bounds the work). Ill-formed input is replaced by
    /// U+FFFD per maximal subpart, as Swift's String(decoding:as:) and a browser's TextDecoder do.
    init(decoding bytes: [UInt8]) {
        var end = bytes.count
        if end > Limits.maxTextBytes {
            end = Limits.maxTextBytes
            var backed = 0
            while backed < 3 && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1; backed += 1 }
        }
        scalars.reserveCapacity(end)
        starts.reserveCapacity(end + 1)
        var i = 0
        while i < end {
            if bytes[i] < 0x80 {  // ASCII, most text
                scalars.append(UInt32(bytes[i]))
                i += 1
                starts.append(i)
                continue
            }
            let (scalar, length) = ScalarText.decode(bytes, at: i, end: end)
            guard let scalar else { break }
            scalars.append(scalar)
            i += length
            starts.append(i)
        }
        if i >= end {  // well-formed (the usual case): the bytes are the text as they are
            utf8 = end == bytes.count ? bytes : Array(bytes[..<end])
            return
        }
        // Ill-formed somewhere: once more from the start, replacing as it goes.
        scalars.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        utf8.reserveCapacity(end + 2 * (end - i))
        i = 0
        while i < end {
            let (scalar, length) = ScalarText.decode(bytes, at: i, end: end)
            if let scalar {
                scalars.append(scalar)
                for k in i ..< i + length { utf8.append(bytes[k]) }
            } else {
                scalars.append(0xFFFD)
                utf8.append(0xEF); utf8.append(0xBF); utf8.append(0xBD)
            }
            starts.append(utf8.count)
            i += length
        }
    }

    /// The scalar at `i` and its length, or nil and the length of the maximal ill-formed subpart. The
    /// one UTF-8 decoder of the core: the JSON parser, the wire's validation and UTF8Text use it too.
    static func decode(_ b: [UInt8], at i: Int, end: Int) -> (UInt32?, Int) {
        let lead = b[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let need: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; high = 0x9F
        case 0xF0: need = 3; low = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; high = 0x8F
        default: return (nil, 1)
        }
        var value = UInt32(lead) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07)
        var k = 1
        while k <= need {
            guard i + k < end else { return (nil, k) }
            let byte = b[i + k]
            let ok = k == 1 ? (byte >= low && byte <= high) : (byte & 0xC0 == 0x80)
            guard ok else { return (nil, k) }
            value = value << 6 | UInt32(byte & 0x3F)
            k += 1
        }
        return (value, need + 1)
    }
}
