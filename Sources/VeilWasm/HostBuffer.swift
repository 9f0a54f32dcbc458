import VeilCore

/// Bytes at a fixed address that the host reads after a call (`veil_output`, `veil_error`).
/// The address stays valid until the next call that writes the buffer; it grows, never shrinks.
/// A NUL byte always follows the contents, so the error text is a C string.
struct HostBuffer {
    private var storage: UnsafeMutableRawBufferPointer

    init(capacity: Int) {
        storage = .allocate(byteCount: max(capacity, 1), alignment: 8)
        storage[0] = 0
    }

    var address: UnsafeRawPointer { UnsafeRawPointer(storage.baseAddress!) }

    mutating func write(_ bytes: [UInt8]) {
        let needed = bytes.count + 1
        if needed > storage.count {
            var capacity = storage.count
            while capacity < needed { capacity *= 2 }
            storage.deallocate()
            storage = .allocate(byteCount: capacity, alignment: 8)
        }
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        storage[bytes.count] = 0
    }

    mutating func write(_ text: String) {
        write(UTF8Text("\(text)").bytes)  // not Array(text.utf8): see UTF8Text
    }
}
