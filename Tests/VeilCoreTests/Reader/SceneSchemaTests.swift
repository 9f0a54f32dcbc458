import Foundation
import Testing
@testable import VeilCore

/// The schema is written from the reader's tables (Tests/cli/test_schema.py holds it to the reader
/// with a real validator); here: every key is described, and it names what the reader names.
@Suite struct SceneSchemaTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyKeyOfEveryTableIsDescribed() {
        #expect(SceneSchema.undescribed == [])
    }

    @Test func theSceneSchemaNamesEveryTopLevelKeyNodeTypeAndCommand() throws {
        let schema = try json(SceneSchema.scene)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(SceneKeys.fields.map { String(describing: $0.name) }))
        #expect(schema["required"] as? [String] == ["root"])
        let defs = try #require(schema["$defs"] as? [String: Any])
        for type in NodeTypes.all { #expect(defs["node.\(type.name)"] != nil) }
        let commands = try #require((defs["command"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(commands.keys) == Set(CommandReaders.all.map { String(describing: $0.name) }))
        let inputs = try #require((defs["input"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(inputs.keys) == Set(InputReaders.all.map { String(describing: $0.name) }))
    }

    /// The viewer's toolbar (`CommandCatalog`) and the schema offer the same commands with the same keys.
    @Test func theCommandCatalogsKeysAreTheSchemas() throws {
        let catalog = try json(CommandCatalog.json)["commands"] as! [[String: Any]]
        let defs = try json(SceneSchema.scene)["$defs"] as! [String: Any]
        let commands = (defs["command"] as! [String: Any])["properties"] as! [String: Any]
        #expect(Set(catalog.map { $0["name"] as! String }) == Set(commands.keys))
        for command in catalog {
            guard let fields = (command["takes"] as? [String: Any])?["object"] as? [[String: Any]] else { continue }
            let name = command["name"] as! String
            let schema = try #require(commands[name] as? [String: Any])
            let keys = try #require(schema["properties"] as? [String: Any])
            #expect(Set(fields.map { $0["name"] as! String }) == Set(keys.keys), "\(name)")
            let required = fields.filter { $0["required"] as? Bool == true }.map { $0["name"] as! String }
            #expect(Set(required) == Set(schema["required"] as? [String] ?? []), "\(name)")
        }
    }

    @Test func theEventsSchemaIsOneTimedAction() throws {
        let schema = try json(SceneSchema.events)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["t", "command", "input"])
    }

    @Test func aSceneMayNameItsSchema() throws {
        let source = #"{"$schema": "../docs/scene.schema.json", "root": {"type": "view"}}"#
        _ = try SceneReader.read(Array(source.utf8), file: "s.json")
        #expect(throws: SceneError.self) {
            try SceneReader.read(Array(#"{"$schema": 1, "root": {"type": "view"}}"#.utf8), file: "s.json")
        }
    }
}
