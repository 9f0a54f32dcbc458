#if canImport(Glibc)
import Glibc
#endif
import VeilCore

/// What the native fuzz targets check beyond "no trap", and how they fail: a message on stderr, then
/// abort(), which libFuzzer reports as a crash and saves the input of (the artifact).
enum FuzzCheck {
    static func fail(_ message: String) -> Never {
        let text = "fuzz invariant broken: \(message)\n"
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
        abort()
    }

    /// A reader's error must point into the input: line 1...(lines + 1), column ≥ 1.
    static func position(of error: SceneError, in bytes: [UInt8]) {
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard error.line >= 1, error.line <= lines + 1, error.column >= 1 else {
            fail("error at line \(error.line), column \(error.column) of a \(lines)-line input: \(error.message)")
        }
    }

    /// An environment variable as a number, else `fallback`.
    static func number(_ name: String, _ fallback: Int) -> Int {
        guard let raw = getenv(name), let value = Int(String(cString: raw)) else { return fallback }
        return value
    }
}
