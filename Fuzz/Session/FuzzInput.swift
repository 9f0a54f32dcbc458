/// The fuzzer's bytes as a source of choices: each choice takes the next byte or two, so a mutation
/// of the input changes the scene or the actions locally. Past the end every choice is 0, the
/// smallest option (and no `chance` is taken), and `isExhausted` tells the session run to stop.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        index += 1
        return bytes[index - 1]
    }

    /// A number in `range`: one byte for ranges up to 256 values, two beyond (then modulo).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        if span <= 1 { return range.lowerBound }
        let raw = span <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % span
    }

    /// True with about `percent` % probability over random bytes; false for a 0 byte.
    mutating func chance(_ percent: Int) -> Bool { Int(byte()) * 100 >= (100 - percent) * 256 }

    mutating func pick<T>(_ options: [T]) -> T { options[int(0 ... options.count - 1)] }
}
