import Foundation
import Testing
@testable import VeilCore

/// A component's registration is hand-kept — a line in `ComponentRegistry.components()`, and for the
/// hooks called by static dispatch a line in `LiveComponents`, `ComponentDrawing` and
/// `ComponentField` — and a hook nobody calls fails silently (Embedded Swift has no reflection to
/// find the components at run time). These tests read Sources/VeilCore/Components and fail for
/// each component type, drawing hook and animated field that is implemented but not registered.
@Suite struct RegisteredComponentsTests {
    /// Every class conforming to `Component` in the folder is in the registry, once, and nothing else is.
    @Test func everyComponentIsRegistered() throws {
        let sources = try ComponentSources()
        let declared = sources.conformers(to: "Component")
        #expect(!declared.isEmpty, "no `Component` found: the parse no longer matches the sources")
        let registered = ComponentRegistry.components().all.map { String(describing: type(of: $0)) }
        for name in declared where !registered.contains(name) {
            Issue.record("\(name) conforms to Component but is not in ComponentRegistry.components(): the session never calls it")
        }
        for name in registered where !declared.contains(name) {
            Issue.record("\(name) is registered but its declaration was not found under Components/")
        }
        #expect(Set(registered).count == registered.count, "a component is registered twice: \(registered)")
    }

    /// A component that implements a hook the session calls only through `LiveComponents`
    /// (`publish`, `needsStep`, `nextStep`, `didStep`, `needsLayout`, `didLayOut`, `takeEvents`,
    /// `focusTrap`) is a live component, and `LiveComponents` calls that hook on it.
    @Test func everyLiveHookIsCalled() throws {
        let sources = try ComponentSources()
        let live = try #require(sources.type("LiveComponents"))
        // The live hooks: what `LiveComponents` offers that is a requirement of `Component`.
        let requirements = Set(try #require(sources.type("Component")).members.map(\.name))
        let hooks = Set(live.members.map(\.name)).intersection(requirements)
        #expect(hooks.isSuperset(of: ["publish", "needsStep", "nextStep", "didStep", "needsLayout", "didLayOut", "takeEvents", "focusTrap"]))
        // How `LiveComponents` names each component it holds: `let scroll: ScrollComponent`.
        var property: [String: String] = [:]
        for line in live.lines {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" }).map(String.init)
            if words.count == 3, words[0] == "let" { property[words[2]] = words[1] }
        }
        let body = live.lines.joined(separator: "\n")
        for name in sources.conformers(to: "Component") {
            let implemented = sources.members(of: name).filter { !$0.isStatic && hooks.contains($0.name) }
            for hook in Set(implemented.map(\.name)).sorted() {
                guard let p = property[name] else {
                    Issue.record("\(name) implements \(hook) but is not in LiveComponents: the session never asks it")
                    continue
                }
                if !body.contains("\(p).\(hook)") {
                    Issue.record("\(name) implements \(hook) but LiveComponents never calls \(p).\(hook)")
                }
            }
        }
    }

    /// A component's drawing type (outside the seam's own files) that implements one of
    /// `ComponentDrawing`'s hooks (`mayKeep`, `mostDrawn`, `enter`, `drawContent`, `drawBeneath`,
    /// `drawChildren`, `leave`) is called by that hook.
    @Test func everyDrawingHookIsCalled() throws {
        let sources = try ComponentSources()
        let drawing = try #require(sources.type("ComponentDrawing"))
        let hooks = Set(drawing.members.filter(\.isStatic).map(\.name))
        #expect(hooks.isSuperset(of: ["mayKeep", "mostDrawn", "enter", "drawContent", "drawBeneath", "drawChildren", "leave"]))
        let body = drawing.lines.joined(separator: "\n")
        var found = 0
        for declaration in sources.declarations where declaration.inComponentFolder {
            for member in declaration.members where member.isStatic && hooks.contains(member.name) {
                found += 1
                if !body.contains("\(declaration.name).\(member.name)(") {
                    Issue.record("\(declaration.name).\(member.name) is a drawing hook that ComponentDrawing.\(member.name) never calls")
                }
            }
        }
        #expect(found > 0, "no drawing hook found: the parse no longer matches the sources")
    }

    /// A component's animated field (a type with `step(_ item: inout Item, …)`) is a case of
    /// `ComponentField`, which steps it.
    @Test func everyAnimatedFieldIsACaseOfComponentField() throws {
        let sources = try ComponentSources()
        let field = try #require(sources.type("ComponentField"))
        let body = field.lines.joined(separator: "\n")
        var found = 0
        for declaration in sources.declarations where declaration.inComponentFolder {
            if declaration.lines.contains(where: { $0.hasPrefix("    func step(_ item: inout Item") }) {
                found += 1
                if !body.contains("(\(declaration.name))") {
                    Issue.record("\(declaration.name) steps a drawn item but is not a case of ComponentField")
                }
            }
        }
        #expect(found > 0, "no animated field found: the parse no longer matches the sources")
    }
}

/// The top-level declarations of Sources/VeilCore/Components, read line by line: the sources are
/// formatted (a declaration opens at column 0 and closes with a `}` there; members are indented by
/// four spaces), which is all this needs.
struct ComponentSources {
    struct Member {
        var name: String
        var isStatic: Bool
    }

    struct Declaration {
        /// `class`, `struct`, `enum`, `protocol` or `extension`.
        var keyword: String
        var name: String
        /// What follows the name up to the brace (`: Component`).
        var inheritance: String
        /// In a component's own folder (Components/<Name>/), not one of the seam's files.
        var inComponentFolder: Bool
        /// Its lines after the opening one, up to its closing brace.
        var lines: [String] = []

        /// Its direct members (indented by four spaces): functions and properties.
        var members: [Member] {
            lines.compactMap { line -> Member? in
                guard line.hasPrefix("    "), !line.hasPrefix("     ") else { return nil }
                var words = line.split(separator: " ").map(String.init)
                words.removeAll { $0.hasPrefix("@") || ["private", "fileprivate", "internal", "public", "final", "mutating", "override"].contains($0) }
                let isStatic = words.first == "static"
                if isStatic { words.removeFirst() }
                guard words.count >= 2, words[0] == "func" || words[0] == "var" || words[0] == "let" else { return nil }
                let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return name.isEmpty ? nil : Member(name: String(name), isStatic: isStatic)
            }
        }
    }

    var declarations: [Declaration] = []

    init() throws {
        let folder = RepositoryFiles.root.appendingPathComponent("Sources/VeilCore/Components")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let inFolder = url.deletingLastPathComponent().standardized.path != folder.standardized.path
            var current: Declaration?
            for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") {
                if var d = current {
                    if line.hasPrefix("}") {
                        declarations.append(d)
                        current = nil
                    } else {
                        d.lines.append(line)
                        current = d
                    }
                } else if let d = Self.opening(line, inComponentFolder: inFolder) {
                    if line.hasSuffix("}") { declarations.append(d) } else { current = d }
                }
            }
        }
        declarations.sort { $0.name < $1.name }
    }

    /// The declaration a column-0 line opens, if it opens one.
    static func opening(_ line: String, inComponentFolder: Bool) -> Declaration? {
        guard line.first?.isLetter == true else { return nil }
        var words = line.split(separator: " ").map(String.init)
        words.removeAll { ["private", "fileprivate", "internal", "public", "final", "indirect"].contains($0) }
        guard words.count >= 2, ["class", "struct", "enum", "protocol", "extension"].contains(words[0]) else { return nil }
        let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        let rest = line.components(separatedBy: name).dropFirst().joined(separator: name)
        let inheritance = String(rest.prefix { $0 != "{" })
        return Declaration(keyword: words[0], name: name, inheritance: inheritance, inComponentFolder: inComponentFolder)
    }

    /// The type's own declaration (not its extensions).
    func type(_ name: String) -> Declaration? {
        declarations.first { $0.name == name && $0.keyword != "extension" }
    }

    /// The names of the types declared (or extended) to conform to `proto`.
    func conformers(to proto: String) -> [String] {
        let named = declarations.filter { d in
            d.inheritance.split(whereSeparator: { ":, <>".contains($0) }).contains { $0 == proto }
        }
        return Array(Set(named.map(\.name))).sorted()
    }

    /// The members of `name` across its declaration and its extensions.
    func members(of name: String) -> [Member] {
        declarations.filter { $0.name == name }.flatMap(\.members)
    }
}
