import Testing
@testable import VeilCore

/// The reader matches keys against its tables' `StaticString` names with `equals`: it must agree
/// with comparing the bytes, for names of every length and keys that differ anywhere.
@Test func aTableNameEqualsExactlyTheKeysWithItsBytes() {
    let names: [StaticString] = ["", "a", "id", "ids", "node", "nodex", "xnode", "héllo"]
    var random = RandomFrames(seed: 0x57A71C)
    for name in names {
        let bytes = utf8(name)
        #expect(name.equals(bytes))
        for _ in 0 ..< 300 {
            // Keys near the name: its bytes with one changed, cut, or grown, or random short ones.
            var key = bytes
            switch random.int(0 ... 3) {
            case 0 where !key.isEmpty: key[random.int(0 ... key.count - 1)] = UInt8(random.int(0 ... 255))
            case 1 where !key.isEmpty: key.removeLast(random.int(1 ... key.count))
            case 2: key.append(UInt8(random.int(0 ... 255)))
            default: key = (0 ..< random.int(0 ... 6)).map { _ in UInt8(random.int(97 ... 101)) }
            }
            #expect(name.equals(key) == (key == bytes), "\(bytes) against \(key)")
        }
    }
}
