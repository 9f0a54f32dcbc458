import Foundation
import Testing
import Veil
import VeilCore

/// Sources/Veil/StringIDs.swift has a String-id helper for every command of the core's catalog that
/// names a node: a command added to the reader's table fails here until it has one (and an entry below).
@Suite struct StringIDsTests {
    /// Each helper, by the command it builds, with the node it was given.
    static let helpers: [String: @Sendable (String) -> Command] = [
        "set": { .set(node: $0, text: "t") },
        "rows": { .rows(node: $0, .append([])) },
        "refresh": { .refresh(node: $0, .begin) },
        "loadMore": { .loadMore(node: $0, .end) },
        "scroll": { .scroll(node: $0, to: 0) },
        "sheet": { .sheet(node: $0, .expand) },
        "host": { .host(node: $0, height: 10) },
        "status": { .status(node: $0, status: nil) },
        "spinner": { .spinner(node: $0, show: true) },
        "skeleton": { .skeleton(node: $0, .hide()) },
    ]

    @Test func everyCommandOfTheCatalogThatNamesANodeHasAStringHelper() throws {
        let object = try JSONSerialization.jsonObject(with: Data(CommandCatalog.json.utf8)) as? [String: Any]
        let commands = try #require(object?["commands"] as? [[String: Any]])
        let naming = commands.filter { command in
            let fields = (command["takes"] as? [String: Any])?["object"] as? [[String: Any]] ?? []
            return fields.contains { $0["name"] as? String == "node" }
        }.map { $0["name"] as! String }
        #expect(Set(naming) == Set(Self.helpers.keys), "commands naming a node: \(naming)")
    }

    @Test func eachHelperBuildsItsCommandOnTheNodeItWasGiven() {
        for (name, helper) in Self.helpers {
            let command = helper("feed")
            // The command's own name and node, as the core names them (its Mirror: `case name(node:…)`).
            let child = Mirror(reflecting: command).children.first
            #expect(child?.label == name, "\(name): \(command)")
            let node = child.flatMap { Mirror(reflecting: $0.value).children.first { $0.label == "node" }?.value as? [UInt8] }
            #expect(node == Array("feed".utf8), "\(name): \(command)")
        }
    }
}
