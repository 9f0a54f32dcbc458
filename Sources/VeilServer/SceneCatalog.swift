import Foundation
import VeilCore

/// The scenes a server offers, by name; a connection picks one. Read at startup (every error
/// reported together), then kept current as files change (`reload`): an edit that does not read
/// keeps the last good scene and records the error; a new `*.json` in a served folder is added.
public struct SceneCatalog: Sendable {
    public struct Entry: Sendable {
        /// The file's base name: what `/ws?scene=NAME` and `/scenes` use.
        public var name: String
        public var file: String
        /// The last version of the file that read without error.
        public var scene: Scene
        /// Why the file as it is now does not read (`file:line:column: message`); nil when it does.
        public var error: String? = nil

        /// The scene's node ids as a JSON array, for viewers (`{"nodes": […]}`): worked out where
        /// the scene is read, never per connection.
        public var nodesJSON: String
        /// The scene's node tree for the viewer's inspector (`{"tree": …}`): `[{"id", "type",
        /// "children"}]` from the root, at most `treeLimit` nodes; worked out where the scene is read.
        public var treeJSON: String

        init(name: String, file: String, scene: Scene, error: String? = nil) {
            self.init(name: name, file: file, scene: scene, nodesJSON: Self.nodes(scene), error: error)
        }

        init(name: String, file: String, scene: Scene, nodesJSON: String, error: String? = nil) {
            self.name = name; self.file = file; self.scene = scene; self.nodesJSON = nodesJSON; self.error = error
            treeJSON = Self.tree(scene)
        }

        static let treeLimit = 1_000

        static func tree(_ scene: Scene) -> String {
            var budget = treeLimit
            func write(_ node: Node) -> String? {
                guard budget > 0 else { return nil }
                budget -= 1
                let children = node.children.compactMap(write)
                return "{\"id\":\(jsonString(String(decoding: node.id, as: UTF8.self))),\"type\":\"\(node.kind.typeName)\""
                    + (children.isEmpty ? "" : ",\"children\":[" + children.joined(separator: ",") + "]") + "}"
            }
            return "[" + (write(scene.root) ?? "") + "]"
        }

        static func nodes(_ scene: Scene) -> String {
            "[" + scene.nodeIDs().map { jsonString(String(decoding: $0, as: UTF8.self)) }.joined(separator: ",") + "]"
        }
    }

    public private(set) var entries: [Entry]
    /// Folders given on the command line: a new `*.json` in one becomes a scene.
    public private(set) var folders: [String] = []

    /// What a reload changed.
    public enum Change: Sendable {
        /// The scene named `name` has a new version.
        case updated(name: String, scene: Scene)
        /// Its file no longer reads: the last good version stays; `error` says why.
        case failed(name: String, error: String)
        /// A new file in a served folder, now a scene.
        case added(name: String)
        /// A file that could not become a scene (a new one that does not read, a clashing name).
        case refused(file: String, error: String)
    }

    /// Folders and files whose changes matter: each folder given, and each file's folder.
    public var watchedFolders: [String] {
        var seen: [String] = []
        for folder in folders + entries.map({ Self.folder(of: $0.file) }) where !seen.contains(folder) { seen.append(folder) }
        return seen
    }

    /// Reads scene files and folders (every `*.json` in a folder, sorted by name).
    public static func load(paths: [String]) throws(ServeError) -> SceneCatalog {
        var files: [String] = []
        var folders: [String] = []
        var inFolders: Set<String> = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
                folders.append(folder)
                let found = try jsonFiles(in: folder)
                files += found
                inFolders.formUnion(found)
            } else {
                files.append(path)
            }
        }
        var catalog = try load(files: files, tolerating: inFolders)
        catalog.folders = folders
        return catalog
    }

    /// A changed file as read from disk, by any thread (`read(file:)`); the catalog takes it on
    /// its own thread (`reload(file:read:)`), so a big scene's parse never holds up the server.
    public enum FileRead: Sendable {
        /// Deleted (its scene stays served), or not a scene file.
        case missing
        case scene(Scene, nodesJSON: String)
        case failed(String)
    }

    public static func read(file: String) -> FileRead {
        guard file.hasSuffix(".json"), FileManager.default.fileExists(atPath: file) else { return .missing }
        // An editor that truncates, then writes, closes an empty file first: its next close brings
        // the content, and an error for the empty moment would only flash.
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size == 0 { return .missing }
        do throws(ServeError) {
            let scene = try readScene(file)
            return .scene(scene, nodesJSON: Entry.nodes(scene))
        } catch {
            return .failed(error.lines.joined(separator: "; "))
        }
    }

    /// Reads `file` again after it changed on disk (or appeared in a served folder).
    public mutating func reload(file: String) -> Change? { reload(file: file, read: Self.read(file: file)) }

    /// Takes `read`, what `file` holds now.
    public mutating func reload(file: String, read: FileRead) -> Change? {
        if let index = entries.firstIndex(where: { $0.file == file }) {
            switch read {
            case .missing:
                return nil
            case let .scene(scene, nodes):
                entries[index].scene = scene
                entries[index].nodesJSON = nodes
                entries[index].treeJSON = Entry.tree(scene)
                entries[index].error = nil
                return .updated(name: entries[index].name, scene: scene)
            case let .failed(message):
                entries[index].error = message
                return .failed(name: entries[index].name, error: message)
            }
        }
        guard folders.contains(Self.folder(of: file)) else { return nil }
        let name = Self.baseName(file)
        switch read {
        case .missing:
            return nil
        case _ where entries.contains(where: { $0.name == name }):
            return .refused(file: file, error: "\(file): a scene named \"\(name)\" is already served (scene names are file base names)")
        case let .scene(scene, nodes):
            entries.append(Entry(name: name, file: file, scene: scene, nodesJSON: nodes))
            return .added(name: name)
        case let .failed(message):
            return .refused(file: file, error: message)
        }
    }

    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// Reads the given scene files; every file error is collected and reported together. A file
    /// in `tolerating` (found in a served folder) that does not read is served anyway, as live
    /// editing serves a file broken while serving: an empty scene with its error shown to viewers
    /// (`Entry.error`) until it reads. A file named on its own must read.
    public static func load(files: [String], tolerating: Set<String> = []) throws(ServeError) -> SceneCatalog {
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
                guard tolerating.contains(file) else { errors += error.lines; continue }
                entries.append(Entry(name: name, file: file, scene: placeholder, error: error.lines.joined(separator: "; ")))
            }
        }
        if !errors.isEmpty { throw ServeError(lines: errors) }
        if entries.isEmpty { throw ServeError("veil serve: no scenes to serve") }
        return SceneCatalog(entries: entries)
    }

    /// What a scene file that never read shows: an empty canvas, under its error.
    static let placeholder: Scene = try! SceneReader.read(Array(#"{"root": {"type": "view"}}"#.utf8), file: "placeholder")

    /// Every `*.json` in `directory` (the built-in demo scenes), sorted by name.
    public static func load(directory: String) throws(ServeError) -> SceneCatalog {
        let files = try jsonFiles(in: directory)
        var catalog = try load(files: files, tolerating: Set(files))
        catalog.folders = [directory]
        return catalog
    }

    private static func jsonFiles(in directory: String) throws(ServeError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ServeError("veil serve: cannot list scenes in \(directory): pass SCENE files or folders")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
        if files.isEmpty { throw ServeError("veil serve: no *.json scenes in \(directory): pass SCENE files or folders") }
        return files
    }

    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// `["feed","status"]`: the body of GET /scenes.
    public var namesJSON: String {
        "[" + entries.map { jsonString($0.name) }.joined(separator: ",") + "]"
    }

    private static func readScene(_ file: String) throws(ServeError) -> Scene {
        var info = stat()
        guard stat(file, &info) == 0 else {
            throw ServeError("\(file): cannot read the scene file: \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw ServeError("\(file): is a folder, not a scene file") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let size = attributes[.size] as? Int,
              let data = FileManager.default.contents(atPath: file) else {
            throw ServeError("\(file): cannot read the scene file (is it readable?)")
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
