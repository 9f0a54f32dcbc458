import Foundation
import VeilCore

/// The scenes a server offers, each parsed once at startup; a connection picks one by name.
public struct SceneCatalog: Sendable {
    public struct Entry: Sendable {
        /// The file's base name: what `/ws?scene=NAME` and `/scenes` use.
        public var name: String
        public var file: String
        public var scene: Scene
    }

    public private(set) var entries: [Entry]

    /// Reads the given scene files; every file error is collected and reported together.
    public static func load(files: [String]) throws(ServeError) -> SceneCatalog {
        var entries: [Entry] = []
        var errors: [String] = []
        for file in files {
            let name = baseName(file)
            if entries.contains(where: { $0.name == name }) {
                errors.append("\(file): a scene named \"\(name)\" is already served (scene names are file base names)")
                continue
            }
            do throws(ServeError) {
                entries.append(Entry(name: name, file: file, scene: try readScene(file)))
            } catch {
                errors += error.lines
            }
        }
        if !errors.isEmpty { throw ServeError(lines: errors) }
        if entries.isEmpty { throw ServeError("veil serve: no scenes to serve") }
        return SceneCatalog(entries: entries)
    }

    /// Every `*.json` in `directory` (the built-in demo scenes), sorted by name.
    public static func load(directory: String) throws(ServeError) -> SceneCatalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ServeError("veil serve: cannot list demo scenes in \(directory): pass SCENE files")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
        if files.isEmpty { throw ServeError("veil serve: no *.json scenes in \(directory): pass SCENE files") }
        return try load(files: files)
    }

    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// `["feed","status"]`: the body of GET /scenes.
    public var namesJSON: String {
        "[" + entries.map { jsonString($0.name) }.joined(separator: ",") + "]"
    }

    private static func readScene(_ file: String) throws(ServeError) -> Scene {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let size = attributes[.size] as? Int,
              let data = FileManager.default.contents(atPath: file) else {
            throw ServeError("\(file): cannot read the scene file")
        }
        if size > Limits.maxSceneBytes || data.count > Limits.maxSceneBytes {
            throw ServeError("\(file): scene file is larger than \(Limits.maxSceneBytes) bytes")
        }
        do throws(SceneError) {
            return try SceneReader.read(Array(data), file: file)
        } catch {
            throw ServeError(error.description)
        }
    }

    private static func baseName(_ file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}

/// A JSON string literal for `text` (quotes, backslashes and control characters escaped).
func jsonString(_ text: String) -> String {
    String(decoding: FrameJSON.stringLiteral(Array(text.utf8)), as: UTF8.self)
}
