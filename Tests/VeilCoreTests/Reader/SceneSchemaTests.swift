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
