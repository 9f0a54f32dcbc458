import Foundation

/// Where the served files are: the viewer (`Web/`), the demo scenes (`examples/` beside it) and the
/// wasm module (`.build/wasm/veil.wasm` of the same repository).
public struct WebRoot: Sendable {
    /// Absolute path of the directory served at `/`.
    public var directory: String
    /// The repository the web root belongs to (its parent directory).
    public var repository: String

    public var examplesDirectory: String { repository + "/examples" }

    /// What `/veil.wasm` serves: `.build/wasm/veil.wasm` once built (`make wasm`), else a
    /// `veil.wasm` in the web root itself, else nil (looked up per request).
    public var wasmFile: String? {
        [repository + "/.build/wasm/veil.wasm", directory + "/veil.wasm"]
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// `explicit` (from --web-root) must be a directory. Without it, the first `Web` directory
    /// holding an index.html found walking up from the current directory, then from the executable.
    public static func locate(explicit: String?) throws(ServeError) -> WebRoot {
        if let explicit {
            let path = absolute(explicit)
            guard isDirectory(path) else {
                throw ServeError("veil serve: --web-root \(explicit) is not a directory")
            }
            return WebRoot(directory: path, repository: parent(path))
        }
        let cwd = FileManager.default.currentDirectoryPath
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? absolute(CommandLine.arguments[0])
        for start in [cwd, parent(executable)] {
            var dir = start
            while true {
                let candidate = dir == "/" ? "/Web" : dir + "/Web"
                if FileManager.default.isReadableFile(atPath: candidate + "/index.html") {
                    return WebRoot(directory: candidate, repository: dir)
                }
                if dir == "/" || dir.isEmpty { break }
                dir = parent(dir)
            }
        }
        throw ServeError("""
            veil serve: no Web directory with an index.html found above \(cwd) or above the \
            executable \(executable); run from the Veil repository or pass --web-root DIR
            """)
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    static func parent(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
    }

    static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
