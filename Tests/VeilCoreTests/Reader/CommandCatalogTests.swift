import Foundation
import Testing
@testable import VeilCore

/// The catalog a host builds its command toolbar from: it must name every command the reader takes,
/// and every value it describes must be one the reader accepts.
@Suite struct CommandCatalogTests {
    struct Command { let name: String; let takes: Any }

    func catalog() throws -> [Command] {
        let object = try JSONSerialization.jsonObject(with: Data(CommandCatalog.json.utf8)) as? [String: Any]
        let list = try #require(object?["commands"] as? [[String: Any]])
        return list.map { Command(name: $0["name"] as! String, takes: $0["takes"]!) }
    }

    func read(_ command: String, _ value: Any) -> SceneError? {
        let body = try! JSONSerialization.data(withJSONObject: ["command": [command: value]], options: [.fragmentsAllowed])
        do { _ = try SceneReader.readAction(Array(body), file: "toolbar", line: 1); return nil } catch { return error }
    }

    /// A value a toolbar would send for `takes` (every choice, for a choice).
    func samples(_ takes: Any) -> [Any] {
        if let word = takes as? String {
            switch word {
            case "flag", "bool": return [true]
            case "node": return ["n"]
            case "text": return ["t"]
            default: return []
            }
        }
        let detail = takes as! [String: Any]
        if let range = detail["number"] as? [Double] { return [range[0], range[1]] }
        if let names = detail["choice"] as? [String] { return names }
        if let fields = detail["object"] as? [[String: Any]] {
            // An object with its required keys (a "replace" of rows needs "at").
            var object: [String: Any] = [:]
            for field in fields where field["required"] as? Bool == true {
                object[field["name"] as! String] = samples(field["takes"]!).first
            }
            return [object]
        }
        return []
    }

    @Test func namesEveryCommandTheReaderTakes() throws {
        let error = try #require(read("noSuchCommand", [String: Any]()))
        let listed = try #require(error.message.components(separatedBy: "expected one of: ").last)
        let names = try catalog().map(\.name)
        #expect(names == listed.components(separatedBy: ", "))
        for name in ["skeleton", "status", "spinner", "sheet", "refresh", "loadMore", "scroll", "appearance", "motion"] {
            #expect(names.contains(name))
        }
    }

    @Test func everyDescribedValueIsOneTheReaderAccepts() throws {
        var performable = Set<String>()
        for command in try catalog() {
            guard let fields = (command.takes as? [String: Any])?["object"] as? [[String: Any]] else {
                // A command whose value is a choice: each one reads.
                for sample in samples(command.takes) {
                    #expect(read(command.name, sample) == nil, "\(command.name): \(sample)")
                    performable.insert(command.name)
                }
                continue
            }
            var required: [String: Any] = [:]
            for field in fields where field["required"] as? Bool == true {
                required[field["name"] as! String] = samples(field["takes"]!).first
            }
            if read(command.name, required) == nil { performable.insert(command.name) }
            for field in fields where field["required"] as? Bool != true {
                for sample in samples(field["takes"]!) {
                    var value = required
                    value[field["name"] as! String] = sample
                    guard let error = read(command.name, value) else { performable.insert(command.name); continue }
                    // Only what a command means may refuse it ("needs one of…"), never the key or its value.
                    for wrong in ["unknown key", "expected", "must be", "missing required"] {
                        #expect(!error.message.contains(wrong), "\(command.name).\(field["name"]!) = \(sample): \(error.message)")
                    }
                }
            }
        }
        for name in ["skeleton", "status", "spinner", "sheet", "refresh", "loadMore", "scroll", "appearance", "motion"] {
            #expect(performable.contains(name), "the catalog describes a \(name) command that reads")
        }
    }

    @Test func skeletonStyleAndDirectionAreListed() throws {
        let skeleton = try #require(try catalog().first { $0.name == "skeleton" })
        let fields = (skeleton.takes as! [String: Any])["object"] as! [[String: Any]]
        let style = try #require(fields.first { $0["name"] as? String == "style" })
        #expect((style["takes"] as? [String: Any])?["choice"] as? [String] == ["solid", "gradient", "pulse", "sliding"])
        let direction = try #require(fields.first { $0["name"] as? String == "direction" })
        #expect(((direction["takes"] as? [String: Any])?["choice"] as? [String])?.contains("topBottom") == true)
    }
}
