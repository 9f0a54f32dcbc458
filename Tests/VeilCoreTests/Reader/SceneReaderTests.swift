import PropertyBased
import Testing
@testable import VeilCore

// MARK: - Helpers

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

private func read(_ source: String, file: String = "t.json") throws(SceneError) -> Scene {
    try SceneReader.read(bytes(source), file: file)
}

private func readError(_ source: [UInt8], file: String = "t.json") -> SceneError? {
    do {
        _ = try SceneReader.read(source, file: file)
        return nil
    } catch {
        return error
    }
}

private func actionError(_ source: String, line: Int = 7) -> SceneError? {
    do {
        _ = try SceneReader.readAction(bytes(source), file: "events.jsonl", line: line)
        return nil
    } catch {
        return error
    }
}

/// The ids of a tree in pre-order.
private func ids(_ node: Node) -> [String] {
    [text(node.id)] + node.children.flatMap(ids)
}

// MARK: - Bad inputs: exact position and what was expected

/// One bad scene file, where its error must point and a fragment of the message.
private struct BadScene: CustomStringConvertible, Sendable {
    let source: [UInt8]
    let line: Int
    let column: Int
    let fragment: String
    init(_ source: String, _ line: Int, _ column: Int, _ fragment: String) {
        self.source = Array(source.utf8); self.line = line; self.column = column; self.fragment = fragment
    }
    init(bytes: [UInt8], _ line: Int, _ column: Int, _ fragment: String) {
        self.source = bytes; self.line = line; self.column = column; self.fragment = fragment
    }
    var description: String { "\(line):\(column) \(fragment)" }
}

private let view = #"{"type": "view"}"#
private let setRoot = #"{"set": {"node": "root", "hidden": true}}"#
private let deepArrays = #"{"timeline": "# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
private let longText = #"{"name": ""# + String(repeating: "a", count: Limits.maxTextBytes + 1) + #"", "root": {"type": "view"}}"#

private let badScenes: [BadScene] = [
    // JSON syntax
    BadScene("", 1, 1, "expected a value, found end of input"),
    BadScene("   \n  ", 2, 3, "expected a value, found end of input"),
    BadScene(#"{"root": {"type": "view"}} x"#, 1, 28, "expected end of input after the JSON value, found \"x\""),
    BadScene(#"{"root": {"type": "view"},}"#, 1, 27, #"expected a string key after ",", found "}""#),
    BadScene(#"{"root": {"type": "view"} "x": 1}"#, 1, 27, #"expected "," or "}" after an object member, found a string"#),
    BadScene(#"{"root" {"type": "view"}}"#, 1, 9, #"expected ":" after the key "root""#),
    BadScene(#"{"root": {"type": "vi"#, 1, 19, "unexpected end of input inside a string"),
    BadScene(#"{"root": {"type": "view", "children": [1 2]}}"#, 1, 42, #"expected "," or "]" after an array element"#),
    BadScene(#"{"root": {"type": "view", "children": [1,]}}"#, 1, 42, "trailing commas are not allowed"),
    BadScene(#"{"root": {"type": "view", "hidden": tru}}"#, 1, 37, "expected true, false or null"),
    BadScene(#"{"root": {"type": "view", "hidden": yes}}"#, 1, 37, #"expected a value, found "y""#),
    BadScene(#"{'root': 1}"#, 1, 2, #"expected a string key or "}" in an object, found "'""#),
    BadScene(#"{"name": "a\qb", "root": {"type": "view"}}"#, 1, 12, #"invalid escape \q in a string"#),
    BadScene(#"{"name": "\uD800x", "root": {"type": "view"}}"#, 1, 11, #"high surrogate \uD800 must be followed by a low surrogate"#),
    BadScene(#"{"name": "\uD83D\u0041", "root": {"type": "view"}}"#, 1, 11, "must be followed by a low surrogate"),
    BadScene(#"{"name": "\uDC00", "root": {"type": "view"}}"#, 1, 11, #"unpaired low surrogate \uDC00"#),
    BadScene(#"{"name": "\u12G4", "root": {"type": "view"}}"#, 1, 11, #"expected 4 hex digits after \u"#),
    BadScene("{\"name\": \"a\tb\", \"root\": {\"type\": \"view\"}}", 1, 12, "control character 0x09 in a string"),
    BadScene(bytes: bytes(#"{"name": "a"#) + [0xFF] + bytes(#"", "root": 1}"#), 1, 12, "invalid UTF-8 byte 0xFF"),
    BadScene(bytes: bytes(#"{"name": "a"#) + [0xC0, 0xAF] + bytes(#"", "root": 1}"#), 1, 12, "invalid UTF-8 byte 0xC0"),
    BadScene(bytes: bytes(#"{"name": "a"#) + [0xE2, 0x82] + bytes(#"", "root": 1}"#), 1, 12, "invalid UTF-8 sequence starting with byte 0xE2"),
    BadScene(bytes: bytes(#"{"name": "a"#) + [0xED, 0xA0, 0x80] + bytes(#"", "root": 1}"#), 1, 12, "invalid UTF-8 sequence starting with byte 0xED"),
    BadScene(bytes: [0xEF, 0xBB, 0xBF] + bytes(#"{"root": {"type": "view"}}"#), 1, 1, "byte order mark"),
    BadScene(bytes: bytes(#"{"root": "#) + [0x01] + bytes("}"), 1, 10, "expected a value, found control character 0x01"),
    BadScene(#"{"canvas": {"width": 0390}, "root": {"type": "view"}}"#, 1, 22, "leading zeros are not allowed"),
    BadScene(#"{"canvas": {"width": 1.}, "root": {"type": "view"}}"#, 1, 24, "expected a digit after the decimal point"),
    BadScene(#"{"canvas": {"width": -x}, "root": {"type": "view"}}"#, 1, 23, #"expected a digit after "-""#),
    BadScene(#"{"canvas": {"width": 1e}, "root": {"type": "view"}}"#, 1, 24, "expected a digit in the exponent"),
    BadScene(#"{"canvas": {"width": .5}, "root": {"type": "view"}}"#, 1, 22, #"expected a value, found ".""#),
    BadScene(#"{"canvas": {"width": +5}, "root": {"type": "view"}}"#, 1, 22, #"expected a value, found "+""#),
    BadScene(#"{"canvas": {"width": 1e400}, "root": {"type": "view"}}"#, 1, 22, "number out of range"),
    BadScene(#"{"root": {"type": "view"}, "root": {"type": "view"}}"#, 1, 28, #"duplicate key "root""#),
    BadScene(deepArrays, 1, 77, "nesting deeper than 64 levels"),
    BadScene(longText, 1, 10, "string longer than 16384 bytes"),
    // Scene structure
    BadScene("[]", 1, 1, "expected an object for the scene, found an array"),
    BadScene(#"{"name": "x"}"#, 1, 1, #"missing required key "root" in the scene"#),
    BadScene(#"{"root": {"type": "lable"}}"#, 1, 19, #"unknown node type "lable"; did you mean "label"? expected one of: view, label"#),
    BadScene(#"{"canvas": {"widht": 10}, "root": {"type": "view"}}"#, 1, 13, #"unknown key "widht" in "canvas"; did you mean "width"? expected one of: width, height"#),
    BadScene(#"{"title": "x", "root": {"type": "view"}}"#, 1, 2,
             #"unknown key "title" in the scene; expected one of: name, canvas, safeArea, appearance, background, root, timeline"#),
    BadScene(#"{"canvas": {"width": 1e12}, "root": {"type": "view"}}"#, 1, 22, #""width" must be at most 16384, found 1e12"#),
    BadScene(#"{"canvas": {"width": 0}, "root": {"type": "view"}}"#, 1, 22, #""width" must be at least 1, found 0"#),
    BadScene(#"{"canvas": {"w": 10}, "root": {"type": "view"}}"#, 1, 13, #"unknown key "w" in "canvas"; expected one of: width, height"#),
    BadScene(#"{"canvas": [390, 844], "root": {"type": "view"}}"#, 1, 12, #"expected an object for "canvas", found an array"#),
    BadScene(#"{"safeArea": {"top": -1}, "root": {"type": "view"}}"#, 1, 22, #""top" must be at least 0, found -1"#),
    BadScene(#"{"appearance": "dim", "root": {"type": "view"}}"#, 1, 16, #"expected one of "light" or "dark" for "appearance", found "dim""#),
    BadScene(#"{"background": "red", "root": {"type": "view"}}"#, 1, 16,
             ##"expected a colour "#RGB", "#RRGGBB", "#RRGGBBAA" or a semantic colour ("label", "background", "card"…) for "background", found a string "red""##),
    BadScene(##"{"background": "#12345", "root": {"type": "view"}}"##, 1, 16, ##"found a string "#12345""##),
    BadScene(##"{"background": "#GGGGGG", "root": {"type": "view"}}"##, 1, 16, "expected a colour"),
    BadScene(#"{"name": "", "root": {"type": "view"}}"#, 1, 10, #""name" must not be empty"#),
    // Nodes
    BadScene(#"{"root": 5}"#, 1, 10, "expected an object for a node, found a number"),
    BadScene(#"{"name": "héllo", "root": 5}"#, 1, 27, "expected an object for a node"),  // columns count characters
    BadScene("{\r\n\"root\": 1\r\n}", 2, 9, "expected an object for a node"),
    BadScene(#"{"root": {}}"#, 1, 10, #"missing required key "type" in a node"#),
    BadScene(#"{"root": {"type": "box"}}"#, 1, 19, #"unknown node type "box"; expected one of: view, label, image, button, stack, scroll, list"#),
    BadScene(#"{"root": {"type": 3}}"#, 1, 19, "expected a node type (one of: view, label, image, button, stack, scroll, list, sheet, activityIndicator, spacer, host) for \"type\", found a number"),
    BadScene("{\n  \"root\": {\n    \"type\": \"label\",\n    \"colour\": \"#FFF\"\n  }\n}", 4, 5,
             #"unknown key "colour" in label; did you mean "color"? expected one of: text, fontSize, fontWeight, color, numberOfLines, alignment, lineHeight, type, id, frame"#),
    BadScene(#"{"root": {"type": "label", "fontSize": "big"}}"#, 1, 40, #"expected a number for "fontSize", found a string "big""#),
    BadScene(#"{"root": {"type": "label", "fontSize": 0}}"#, 1, 40, #""fontSize" must be at least 1, found 0"#),
    BadScene(#"{"root": {"type": "label", "fontWeight": "heavy"}}"#, 1, 42,
             #"expected one of "regular", "medium", "semibold" or "bold" for "fontWeight", found "heavy""#),
    BadScene(#"{"root": {"type": "label", "fontWeight": 950}}"#, 1, 42, #""fontWeight" must be at most 900, found 950"#),
    BadScene(#"{"root": {"type": "label", "numberOfLines": 2.5}}"#, 1, 45, #"expected an integer for "numberOfLines", found 2.5"#),
    BadScene(#"{"root": {"type": "label", "alignment": "justify"}}"#, 1, 41, #"expected one of "left", "center" or "right" for "alignment""#),
    BadScene(#"{"root": {"type": "label", "children": []}}"#, 1, 28, #"unknown key "children" in label"#),
    BadScene(#"{"root": {"type": "view", "width": -3}}"#, 1, 36, #""width" must be at least 0, found -3"#),
    BadScene(#"{"root": {"type": "view", "opacity": 1.5}}"#, 1, 38, #""opacity" must be at most 1, found 1.5"#),
    BadScene(#"{"root": {"type": "view", "hidden": 1}}"#, 1, 37, #"expected true or false for "hidden", found a number"#),
    BadScene(#"{"root": {"type": "view", "padding": "16"}}"#, 1, 38, #"expected a number or an object {"top", "left", "bottom", "right"} for "padding""#),
    BadScene(#"{"root": {"type": "view", "frame": {"x": 0, "height": 5}}}"#, 1, 36, #"missing required key "width" in "frame""#),
    BadScene(#"{"root": {"type": "view", "frame": {"width": 5, "height": 5, "z": 1}}}"#, 1, 62, #"unknown key "z" in "frame"; expected one of: x, y, width, height"#),
    BadScene(#"{"root": {"type": "view", "id": ""}}"#, 1, 33, #""id" must not be empty"#),
    BadScene(#"{"root": {"type": "view", "children": {}}}"#, 1, 39, #"expected an array for "children", found an object"#),
    BadScene(#"{"root": {"type": "stack", "axis": "diagonal"}}"#, 1, 36, #"expected one of "vertical" or "horizontal" for "axis""#),
    BadScene(#"{"root": {"type": "stack", "alignment": "left"}}"#, 1, 41, #"expected one of "fill", "leading", "center" or "trailing" for "alignment""#),
    BadScene(#"{"root": {"type": "button", "action": ""}}"#, 1, 39, #""action" must not be empty"#),
    BadScene(##"{"root": {"type": "image", "tint": "#12"}}"##, 1, 36, "expected a colour"),
    BadScene(#"{"root": {"type": "spacer", "minLenght": 8}}"#, 1, 29, #"unknown key "minLenght" in spacer; did you mean "minLength"?"#),
    BadScene(#"{"root": {"type": "spacer", "minLength": -1}}"#, 1, 42, #""minLength" must be at least 0, found -1"#),
    BadScene(#"{"root": {"type": "spacer", "children": []}}"#, 1, 29, #"unknown key "children" in spacer"#),
    BadScene(#"{"root": {"type": "spacr"}}"#, 1, 19, #"did you mean "spacer"?"#),
    BadScene(#"{"root": {"type": "list"}}"#, 1, 10, #"missing required key "row" in list"#),
    BadScene(#"{"root": {"type": "list", "row": {"type": "view"}, "rowCount": -1}}"#, 1, 64, #""rowCount" must be at least 0"#),
    BadScene(#"{"root": {"type": "list", "row": {"type": "view", "children": [{"type": "view"}]}, "rowCount": 1000001}}"#, 1, 96,
             #""rowCount" must be at most 1000000"#),
    BadScene("{\"root\": {\"type\": \"view\", \"children\": [\n  {\"type\": \"view\", \"id\": \"a\"},\n  {\"type\": \"view\", \"id\": \"a\"}]}}", 3, 26,
             #"duplicate node id "a"; first used at 2:26"#),
    BadScene(#"{"root": {"type": "view", "children": [{"type": "view", "id": "root/1"}, {"type": "view"}]}}"#, 1, 74,
             #"duplicate node id "root/1"; first used at 1:63"#),
    // Timeline
    BadScene(#"{"root": {"type": "view"}, "timeline": {}}"#, 1, 40, #"expected an array for "timeline", found an object"#),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"t": 2, "command": "# + setRoot + #"}, {"t": 1, "command": "# + setRoot + "}]}", 1, 111,
             "entries must be in time order: t = 1 comes after t = 2"),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"t": -1, "command": "# + setRoot + "}]}", 1, 47, #""t" must be at least 0, found -1"#),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"command": "# + setRoot + #", "input": {"resize": {"width": 10, "height": 10}}}]}"#, 1, 96,
             #"an action has exactly one of "command" or "input"; found "input" after "command""#),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"t": 1}]}"#, 1, 41, #"missing "command" or "input" in an action"#),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"command": {"hide": {}}}]}"#, 1, 54, #"unknown command "hide"; expected one of: set"#),
    BadScene(#"{"root": {"type": "view"}, "timeline": [{"command": {}}]}"#, 1, 53, "expected a command object with one key, one of: set"),
]

@Test(arguments: badScenes)
private func badSceneIsReportedWhereItIs(_ bad: BadScene) {
    guard let error = readError(bad.source, file: "dir/feed.json") else {
        Issue.record("expected an error for \(bad)")
        return
    }
    #expect(error.file == "dir/feed.json")
    #expect("\(error.line):\(error.column)" == "\(bad.line):\(bad.column)", "\(error.description)")
    #expect(error.message.contains(bad.fragment), "\(error.description)")
    #expect(error.description.hasPrefix("dir/feed.json:\(error.line):\(error.column): "))
}

@Test func atLeastFortyBadInputsAreCovered() {
    #expect(badScenes.count >= 40)
}

@Test func oversizedSceneIsRejectedBeforeParsing() {
    let source = [UInt8](repeating: UInt8(ascii: " "), count: Limits.maxSceneBytes + 1)
    let error = readError(source)
    #expect(error?.line == 1 && error?.column == 1)
    #expect(error?.message.contains("at most \(Limits.maxSceneBytes) bytes") == true)
}

@Test func tooManyPlainNodesAreRejectedAtTheFirstExtraNode() {
    let children = [String](repeating: view, count: Limits.maxNodes).joined(separator: ",")
    let source = #"{"root": {"type": "view", "children": ["# + children + "]}}"
    let error = readError(bytes(source))
    // The root is node 1, so child index maxNodes - 1 is the first one too many.
    let offset = 39 + (Limits.maxNodes - 1) * (view.utf8.count + 1)
    #expect(error?.line == 1 && error?.column == offset + 1)
    #expect(error?.message.contains("too many nodes") == true)
}

// MARK: - Defaults and every key

@Test func minimalSceneGetsEveryDefault() throws {
    let scene = try read(#"{"root": {"type": "view"}}"#, file: "examples/feed.json")
    #expect(text(scene.name) == "feed")
    #expect(scene.width == 390 && scene.height == 844)
    #expect(scene.safeArea == .zero)
    #expect(scene.appearance == .light)
    #expect(scene.background == nil)
    #expect(scene.timeline.isEmpty)
    let root = scene.root
    #expect(text(root.id) == "root")
    guard case .view = root.kind else { Issue.record("root is not a view"); return }
    #expect(root.frame == nil && root.width == nil && root.height == nil)
    #expect(root.padding == .zero && root.background == nil && root.cornerRadius == 0)
    #expect(root.borderColor == nil && root.borderWidth == 0 && root.opacity == 1)
    #expect(!root.hidden && !root.clipsToBounds && root.children.isEmpty)
}

@Test func sceneNameDefaultsToTheFileBaseName() throws {
    #expect(text(try read(#"{"root": {"type": "view"}}"#, file: "a/b/c.json").name) == "c")
    #expect(text(try read(#"{"root": {"type": "view"}}"#, file: "plain").name) == "plain")
    #expect(text(try read(#"{"root": {"type": "view"}}"#, file: "x.json.bak").name) == "x.json.bak")
    #expect(text(try read(#"{"name": "mine", "root": {"type": "view"}}"#, file: "a/b/c.json").name) == "mine")
}

@Test func kindDefaults() throws {
    let scene = try read(#"""
    {"root": {"type": "view", "children": [
      {"type": "label"}, {"type": "image"}, {"type": "button"}, {"type": "stack"},
      {"type": "list", "row": {"type": "view"}}
    ]}}
    """#)
    let c = scene.root.children
    guard c.count == 5, case let .label(label) = c[0].kind, case let .image(image) = c[1].kind,
          case let .button(button) = c[2].kind, case let .stack(stack) = c[3].kind, case let .list(list) = c[4].kind
    else { Issue.record("wrong kinds"); return }
    #expect(label.text.isEmpty && label.fontSize == 17 && label.fontWeight == 400 && label.color == nil)
    #expect(label.numberOfLines == 1 && label.alignment == .left && label.lineHeight == 1.2)
    #expect(image.name.isEmpty && image.tint == nil)
    #expect(button.title.isEmpty && button.fontSize == 17 && button.fontWeight == 600 && button.titleColor == nil)
    #expect(text(button.action) == "tap")
    #expect(stack.axis == .vertical && stack.spacing == 0 && stack.alignment == .fill)
    #expect(list.rowCount == 0 && list.rowHeight == 44 && list.separatorColor == nil)
    #expect(list.header == nil && list.footer == nil && text(list.row.id) == "row")
}

@Test func everySceneAndNodeKeyIsRead() throws {
    let scene = try read(#"""
    {
      "name": "demo",
      "canvas": {"width": 800, "height": 600.5},
      "safeArea": {"top": 47, "left": 1, "bottom": 34, "right": 2},
      "appearance": "dark",
      "background": "#F2F2F7",
      "root": {
        "type": "view", "id": "main",
        "frame": {"x": -10, "y": 20.25, "width": 100, "height": 50},
        "width": 300, "height": 200,
        "padding": {"top": 1, "left": 2, "bottom": 3, "right": 4},
        "background": "#abc", "cornerRadius": 8, "borderColor": "#11223344", "borderWidth": 1.5,
        "opacity": 0.5, "hidden": true, "clipsToBounds": true,
        "children": [
          {"type": "label", "id": "title", "text": "Héllo \"x\" \u00e9 \ud83d\ude00", "fontSize": 20, "fontWeight": "semibold",
           "color": "#FF0000", "numberOfLines": 0, "alignment": "center", "lineHeight": 1.5, "padding": 16},
          {"type": "label", "fontWeight": 500, "alignment": "right"},
          {"type": "image", "name": "avatar", "tint": "#00FF0080"},
          {"type": "button", "title": "Retry", "fontSize": 15, "fontWeight": "bold", "titleColor": "#FFFFFF", "action": "retry"},
          {"type": "stack", "axis": "horizontal", "spacing": 12, "alignment": "center", "children": [{"type": "view"}]},
          {"type": "list", "id": "feed", "row": {"type": "label", "id": "cell"}, "rowCount": 3, "rowHeight": 60,
           "separatorColor": "#C6C6C8", "header": {"type": "label"}, "footer": {"type": "view", "id": "end"}}
        ]
      }
    }
    """#)
    #expect(text(scene.name) == "demo")
    #expect(scene.width == 800 && scene.height == 600.5)
    #expect(scene.safeArea == EdgeInsets(top: 47, left: 1, bottom: 34, right: 2))
    #expect(scene.appearance == .dark)
    #expect(scene.background == Color(rgba: 0xF2F2F7FF))

    let root = scene.root
    #expect(text(root.id) == "main")
    #expect(root.frame == Rect(x: -10, y: 20.25, width: 100, height: 50))
    #expect(root.width == 300 && root.height == 200)
    #expect(root.padding == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(root.background == Color(rgba: 0xAABBCCFF))
    #expect(root.cornerRadius == 8 && root.borderWidth == 1.5)
    #expect(root.borderColor == Color(rgba: 0x11223344))
    #expect(root.opacity == 0.5 && root.hidden && root.clipsToBounds)
    #expect(ids(root) == ["main", "title", "main/1", "main/2", "main/3", "main/4", "main/4/0", "feed"])

    let c = root.children
    guard case let .label(title) = c[0].kind, case let .label(second) = c[1].kind, case let .image(image) = c[2].kind,
          case let .button(button) = c[3].kind, case let .stack(stack) = c[4].kind, case let .list(list) = c[5].kind
    else { Issue.record("wrong kinds"); return }
    #expect(text(title.text) == "Héllo \"x\" é 😀")
    #expect(title.fontSize == 20 && title.fontWeight == 600 && title.color == Color(rgba: 0xFF0000FF))
    #expect(title.numberOfLines == 0 && title.alignment == .center && title.lineHeight == 1.5)
    #expect(c[0].padding == EdgeInsets(all: 16))
    #expect(second.fontWeight == 500 && second.alignment == .right)
    #expect(text(image.name) == "avatar" && image.tint == Color(rgba: 0x00FF0080))
    #expect(text(button.title) == "Retry" && button.fontSize == 15 && button.fontWeight == 700)
    #expect(button.titleColor == .white && text(button.action) == "retry")
    #expect(stack.axis == .horizontal && stack.spacing == 12 && stack.alignment == .center)
    #expect(text(list.row.id) == "cell" && list.rowCount == 3 && list.rowHeight == 60)
    #expect(list.separatorColor == Color(rgba: 0xC6C6C8FF))
    #expect(list.header.map { text($0.id) } == "feed/header")
    #expect(list.footer.map { text($0.id) } == "end")
}

@Test func colourForms() throws {
    for (written, rgba) in [("#fff", 0xFFFFFFFF), ("#1a2B3c", 0x1A2B3CFF), ("#1A2B3C4D", 0x1A2B3C4D), ("#000", 0x000000FF)] as [(String, UInt32)] {
        let scene = try read(#"{"background": ""# + written + #"", "root": {"type": "view"}}"#)
        #expect(scene.background == Color(rgba: rgba), "\(written)")
    }
}

@Test func listTemplateIdsLiveInTheirOwnNamespace() throws {
    // The template may reuse ids from outside it: they are instantiated as "<list>/<row>/<id>".
    let scene = try read(#"""
    {"root": {"type": "view", "children": [
      {"type": "label", "id": "title"},
      {"type": "list", "id": "feed", "rowCount": 2, "row": {"type": "view", "children": [{"type": "label", "id": "title"}, {"type": "view"}]}}
    ]}}
    """#)
    guard case let .list(list) = scene.root.children[1].kind else { Issue.record("not a list"); return }
    #expect(ids(list.row) == ["row", "title", "row/1"])
}

@Test func nodeCountIncludesTheRowsALayoutMakes() throws {
    // Lists are virtual: a million rows read; the bound counts the rows a layout makes at once
    // (Limits.maxRowsMade = 1,000) times the template's nodes.
    func scene(rows: Int, cells: Int) -> String {
        let children = Array(repeating: #"{"type": "view"}"#, count: cells).joined(separator: ", ")
        return #"{"root": {"type": "view", "children": [{"type": "list", "row": {"type": "view", "children": ["#
            + children + #"]}, "rowCount": "# + "\(rows)}]}}"
    }
    #expect(throws: Never.self) { try read(scene(rows: 1_000_000, cells: 1)) }
    #expect(throws: Never.self) { try read(scene(rows: 1_000_000, cells: 18)) }  // 2 + 1,000 × 19 = 19,002
    let source = scene(rows: 1_000_000, cells: 19)  // 2 + 1,000 × 20 = 20,002
    let error = readError(bytes(source))
    #expect(error?.message.contains("too many nodes: 1000 rows of 20 nodes bring the scene to 20002") == true, "\(error?.description ?? "")")
    #expect(error?.column == source.utf8.count - 10)
}

@Test func timelineIsReadInOrderWithEqualTimesKept() throws {
    let scene = try read(#"""
    {"root": {"type": "view"}, "timeline": [
      {"t": 0.5, "command": {"set": {"node": "root", "hidden": true}}},
      {"t": 0.5, "input": {"resize": {"width": 320, "height": 480}}},
      {"command": {"set": {"node": "root", "hidden": false}}, "t": 2}
    ]}
    """#)
    #expect(scene.timeline.map(\.time) == [0.5, 0.5, 2])
    guard case .input(.resize(320, 480)) = scene.timeline[1].action else {
        Issue.record("second entry is not the resize"); return
    }
}

// MARK: - Actions (events-file lines and messages)

@Test func readActionReadsASetCommandWithEveryChange() throws {
    let action = try SceneReader.readAction(bytes(#"""
    {"t": 0.25, "command": {"set": {"node": "title", "text": "Hi", "hidden": true, "background": null,
     "textColor": "#FF0000", "opacity": 0.5, "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}}}
    """#), file: "e.jsonl", line: 3)
    #expect(action.time == 0.25)
    guard case let .command(.set(node, changes)) = action.action, changes.count == 6,
          case let .text(t) = changes[0], case .hidden(true) = changes[1], case .background(nil) = changes[2],
          case let .textColor(color) = changes[3], case .opacity(0.5) = changes[4], case let .frame(frame) = changes[5]
    else { Issue.record("wrong command: \(action)"); return }
    #expect(text(node) == "title" && text(t) == "Hi")
    #expect(color == Color(r: 255, g: 0, b: 0))
    #expect(frame == Rect(x: 1, y: 2, width: 3, height: 4))

    let clear = try SceneReader.readAction(bytes(##"{"command": {"set": {"node": "a", "frame": null, "textColor": null, "background": "#000"}}}"##), file: "e", line: 1)
    guard case let .command(.set(_, c)) = clear.action, case .frame(nil) = c[0], case .textColor(nil) = c[1],
          case .background(Color.black) = c[2] else { Issue.record("wrong changes"); return }
}

@Test func readActionReadsEveryInput() throws {
    let pointer = try SceneReader.readAction(bytes(#"{"input": {"pointer": {"phase": "move", "x": 10.5, "y": -20, "id": 2}}}"#), file: "e", line: 1)
    #expect(pointer.time == 0)
    guard case let .input(.pointer(p)) = pointer.action else { Issue.record("not a pointer"); return }
    #expect(p.phase == .move && p.x == 10.5 && p.y == -20 && p.pointer == 2)

    let defaultID = try SceneReader.readAction(bytes(#"{"input": {"pointer": {"phase": "cancel", "x": 0, "y": 0}}}"#), file: "e", line: 1)
    guard case let .input(.pointer(q)) = defaultID.action else { Issue.record("not a pointer"); return }
    #expect(q.phase == .cancel && q.pointer == 0)

    let key = try SceneReader.readAction(bytes(#"{"t": 1, "input": {"key": {"phase": "up", "key": "Enter", "shift": true}}}"#), file: "e", line: 1)
    guard case let .input(.key(k)) = key.action else { Issue.record("not a key"); return }
    #expect(k.phase == .up && text(k.key) == "Enter" && k.shift && key.time == 1)

    let plainKey = try SceneReader.readAction(bytes(#"{"input": {"key": {"phase": "down", "key": " "}}}"#), file: "e", line: 1)
    guard case let .input(.key(k2)) = plainKey.action else { Issue.record("not a key"); return }
    #expect(!k2.shift && k2.key == [0x20])

    let resize = try SceneReader.readAction(bytes("  {\"input\": {\"resize\": {\"width\": 800, \"height\": 600}}}\r"), file: "e", line: 1)
    guard case .input(.resize(800, 600)) = resize.action else { Issue.record("not a resize"); return }
}

private let badActions: [(String, Int, String)] = [
    ("", 1, "expected a value, found end of input"),
    ("{}", 1, #"missing "command" or "input" in an action"#),
    (#"{"t": -1, "command": {"set": {"node": "a"}}}"#, 7, #""t" must be at least 0, found -1"#),
    (#"{"t": "soon", "command": {"set": {"node": "a"}}}"#, 7, #"expected a number for "t", found a string "soon""#),
    (#"{"time": 1}"#, 2, #"unknown key "time" in an action; expected one of: t, command, input"#),
    (#"{"command": {"set": {"node": "a"}, "hide": {}}}"#, 36, #"a command object has exactly one key; found "hide" after "set""#),
    (#"{"command": {"set": {"text": "x"}}}"#, 21, #"missing required key "node" in "set""#),
    (##"{"command": {"set": {"node": "a", "colour": "#fff"}}}"##, 35, ##"unknown key "colour" in "set"; expected one of: node, text, hidden, background, textColor, opacity, frame"##),
    (#"{"command": {"set": {"node": "a", "opacity": 2}}}"#, 46, #""opacity" must be at most 1"#),
    (#"{"command": {"set": {"node": "a", "frame": 3}}}"#, 44, #"expected an object {"x", "y", "width", "height"} or null for "frame""#),
    (#"{"command": {"set": {"node": "a", "background": "blue"}}}"#, 49, #"or null for "background""#),
    (#"{"input": {"scroll": {}}}"#, 12, #"unknown input "scroll"; expected one of: pointer, key, resize, wheel"#),
    (#"{"input": {"wheel": {"x": 1}}}"#, 21, #"missing required key "y" in "wheel""#),
    (#"{"input": {"wheel": {"x": 1, "y": 1, "mode": 3}}}"#, 46, #""mode" must be at most 2"#),
    (#"{"input": {"pointer": {"phase": "hover", "x": 1, "y": 1}}}"#, 33, #"expected one of "down", "move", "up" or "cancel" for "phase""#),
    (#"{"input": {"pointer": {"phase": "down", "y": 1}}}"#, 23, #"missing required key "x" in "pointer""#),
    (#"{"input": {"pointer": {"phase": "down", "x": 1, "y": 1, "id": -1}}}"#, 63, #""id" must be at least 0"#),
    (#"{"input": {"key": {"phase": "down", "key": ""}}}"#, 44, #""key" must not be empty"#),
    (#"{"input": {"key": {"phase": "down", "key": "Enter", "shift": "yes"}}}"#, 62, #"expected true or false for "shift""#),
    (#"{"input": {"resize": {"width": 0, "height": 600}}}"#, 32, #""width" must be at least 1, found 0"#),
    (#"{"input": {"resize": {"width": 800}}}"#, 22, #"missing required key "height" in "resize""#),
    (#"{"command": {"set": {"node": "a"}}} {}"#, 37, "expected end of input after the JSON value"),
    (#"{"command": 1}"#, 13, "expected an object for a command, found a number"),
    // The variant's names and article are built only for these messages (ObjectReader.matchVariant).
    (#"{"input": 1}"#, 11, "expected an object for an input, found a number"),
    (#"{"input": {}}"#, 11, "expected an input object with one key, one of: pointer, key, resize, wheel"),
    (#"{"command": {}}"#, 13, "expected a command object with one key, one of: set, "),
    // A misspelt key, command, input or choice gets the closest name allowed there.
    (##"{"command": {"set": {"node": "a", "txet": "x"}}}"##, 35, #"unknown key "txet" in "set"; did you mean "text"? expected one of: node, text"#),
    (##"{"comand": {"set": {"node": "a"}}}"##, 2, #"unknown key "comand" in an action; did you mean "command"? expected one of: t, command, input"#),
    (#"{"command": {"Set": {"node": "a"}}}"#, 14, #"unknown command "Set"; did you mean "set"? expected one of:"#),
    (#"{"input": {"pointr": {}}}"#, 12, #"unknown input "pointr"; did you mean "pointer"? expected one of: pointer, key, resize"#),
    (#"{"input": {"pointer": {"phase": "dwon", "x": 1, "y": 1}}}"#, 33, #"for "phase", found "dwon"; did you mean "down"?"#),
]

@Test func readActionReportsBadLinesAtTheGivenLine() {
    for (source, column, fragment) in badActions {
        guard let error = actionError(source) else {
            Issue.record("expected an error for \(source)"); continue
        }
        #expect(error.file == "events.jsonl")
        #expect(error.line == 7 && error.column == column, "\(source) → \(error.description)")
        #expect(error.message.contains(fragment), "\(error.description)")
    }
}

@Test func readActionCountsLinesInsideAMultiLineMessage() {
    let error = actionError("{\n  \"t\": -2,\n  \"command\": {}}", line: 10)
    #expect(error?.line == 11 && error?.column == 8)
}

@Test func readActionRejectsOversizedMessages() {
    let padding = String(repeating: " ", count: Limits.maxActionBytes)
    let error = actionError(#"{"command": {"set": {"node": "a"}}}"# + padding)
    #expect(error?.line == 7 && error?.column == 1)
    #expect(error?.message.contains("at most \(Limits.maxActionBytes) bytes") == true)
}

@Test func eventsFileIsReadLineByLine() throws {
    let source = """
    {"t": 0, "command": {"set": {"node": "a", "hidden": true}}}

    {"t": 0.5, "input": {"pointer": {"phase": "down", "x": 1, "y": 2}}}\r
    {"t": 0.5, "input": {"pointer": {"phase": "up", "x": 1, "y": 2}}}
    """
    let events = try SceneReader.readEvents(bytes(source), file: "e.jsonl")
    #expect(events.map(\.time) == [0, 0.5, 0.5])

    do {
        _ = try SceneReader.readEvents(bytes("{\"t\": 2, \"input\": {\"resize\": {\"width\": 9, \"height\": 9}}}\n\n  {\"t\": 1, \"input\": {\"resize\": {\"width\": 9, \"height\": 9}}}\n"), file: "e.jsonl")
        Issue.record("unsorted events were accepted")
    } catch {
        #expect(error.line == 3 && error.column == 9, "\(error.description)")
        #expect(error.message.contains("time order"))
    }
    do {
        _ = try SceneReader.readEvents(bytes("{\"t\": 1, \"input\": {}}\n{\"t\": 1, \"input\": {\"tap\": {}}}"), file: "e.jsonl")
        Issue.record("bad event accepted")
    } catch {
        #expect(error.description == "e.jsonl:1:19: expected an input object with one key, one of: pointer, key, resize, wheel")
    }
}

// MARK: - Robustness

private let sampleScene = bytes(#"""
{
  "name": "feed", "canvas": {"width": 390, "height": 844}, "safeArea": {"top": 47, "bottom": 34},
  "appearance": "light", "background": "#F2F2F7",
  "root": {"type": "stack", "axis": "vertical", "spacing": 8, "padding": 16, "children": [
    {"type": "label", "id": "title", "text": "Héllo \u00e9 \ud83d\ude00", "fontSize": 28, "fontWeight": "bold"},
    {"type": "button", "title": "Retry", "action": "retry", "frame": {"x": 0, "y": 0, "width": 100, "height": 44}},
    {"type": "list", "id": "feed", "rowCount": 3, "rowHeight": 60.5e0, "row": {"type": "label", "text": "row"}},
    {"type": "image", "name": "avatar", "tint": "#00FF0080", "opacity": 0.5, "hidden": false}
  ]},
  "timeline": [{"t": 1.5, "command": {"set": {"node": "title", "text": "Done", "background": null}}},
               {"t": 2, "input": {"pointer": {"phase": "down", "x": 10, "y": 20}}}]
}
"""#)

/// Bytes that make mutations hit structure rather than only letters.
private let interestingBytes: [UInt8] = Array(#"{}[]":,\0-e.u #t"#.utf8) + [0xFF, 0xC3, 0xE2, 0x00, 0x0A, 0x09]

/// Applies mutations encoded as integers: each picks an operation, a position and a byte.
private func mutate(_ source: [UInt8], _ codes: [Int]) -> [UInt8] {
    var out = source
    for code in codes {
        let position = (code / 8) % (out.count + 1)
        let byte = code / 8 / 1024 % 3 == 0 ? UInt8(truncatingIfNeeded: code >> 20) : interestingBytes[(code >> 20) % interestingBytes.count]
        switch code % 8 {
        case 0, 1: if position < out.count { out[position] = byte }
        case 2, 3: out.insert(byte, at: position)
        case 4, 5: if position < out.count { out.remove(at: position) }
        case 6: out.removeSubrange(position...)
        default:
            let copy = Array(out[position...].prefix(8))
            out.insert(contentsOf: copy, at: position)
        }
    }
    return out
}

/// True when line:column names a place inside `source` (the end of input included).
private func isInside(_ error: SceneError, _ source: [UInt8], firstLine: Int = 1) -> Bool {
    var lineLengths: [Int] = [0]  // characters per line
    for byte in source {
        if byte == 0x0A { lineLengths.append(0) } else if byte & 0xC0 != 0x80 { lineLengths[lineLengths.count - 1] += 1 }
    }
    let line = error.line - firstLine
    return line >= 0 && line < lineLengths.count && error.column >= 1 && error.column <= lineLengths[line] + 1
}

@Test func sampleSceneIsValid() throws {
    let scene = try SceneReader.read(sampleScene, file: "sample.json")
    #expect(scene.root.children.count == 4 && scene.timeline.count == 2)
}

@Test func mutatedScenesNeverCrashAndErrorsPointInsideTheInput() async {
    await propertyCheck(count: 2_000, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...6)) { codes in
        let source = mutate(sampleScene, codes)
        do throws(SceneError) {
            _ = try SceneReader.read(source, file: "mut.json")
        } catch {
            #expect(error.file == "mut.json")
            #expect(isInside(error, source), "\(error.description)")
            #expect(!error.message.isEmpty)
        }
    }
}

@Test func truncatedScenesAlwaysFailInsideTheInput() {
    for length in 0..<sampleScene.count - 1 {
        let source = Array(sampleScene[..<length])
        guard let error = readError(source) else {
            Issue.record("a truncated scene of \(length) bytes was accepted"); continue
        }
        #expect(isInside(error, source), "\(length): \(error.description)")
    }
}

@Test func mutatedActionsNeverCrashAndErrorsPointInsideTheLine() async {
    let line = bytes(#"{"t": 0.5, "command": {"set": {"node": "title", "text": "Hi \u00e9", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}}}"#)
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...4)) { codes in
        let source = mutate(line, codes)
        do throws(SceneError) {
            _ = try SceneReader.readAction(source, file: "e.jsonl", line: 5)
        } catch {
            #expect(isInside(error, source, firstLine: 5), "\(error.description)")
        }
    }
}

@Test func numbersInMessagesAreWrittenPlainly() {
    #expect(ReaderContext.format(0) == "0")
    #expect(ReaderContext.format(16384) == "16384")
    #expect(ReaderContext.format(1e9) == "1000000000")
    #expect(ReaderContext.format(0.5) == "0.5")
    #expect(ReaderContext.format(-2.25) == "-2.25")
    #expect(ReaderContext.format(0.000001) == "0.000001")
    #expect(ReaderContext.format(1e13) == "1e12 or more")
}

// MARK: - Structural mutations: well-formed JSON with wrong values, to exercise the scene layer

/// JSON text for a parsed value (compact; strings escaped), so that mutated trees can be read again.
private func serialize(_ value: JSONValue, into out: inout [UInt8]) {
    switch value.kind {
    case .null: out += bytes("null")
    case let .bool(b): out += bytes(b ? "true" : "false")
    case let .number(n): out += bytes(n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)")
    case let .string(s):
        out.append(0x22)
        for byte in s {
            if byte == 0x22 || byte == 0x5C { out += [0x5C, byte] } else if byte < 0x20 { out += bytes("\\u00") + bytes(byte < 0x10 ? "0" : "1") + bytes(String(byte & 0xF, radix: 16)) } else { out.append(byte) }
        }
        out.append(0x22)
    case let .array(elements):
        out.append(UInt8(ascii: "["))
        for (i, e) in elements.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            serialize(e, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    case let .object(members):
        out.append(UInt8(ascii: "{"))
        for (i, m) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            serialize(JSONValue(kind: .string(m.key), offset: 0), into: &out)
            out.append(UInt8(ascii: ":"))
            serialize(m.value, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// Values that are wrong (or right) in many places of a scene.
private let replacements: [JSONValue.Kind] = [
    .null, .bool(true), .number(-1), .number(0), .number(2.5), .number(1e12), .number(20_000), .string([]),
    .string(bytes("#fff")), .string(bytes("root")), .string(bytes("label")), .string(bytes("center")), .array([]),
    .object([]), .object([JSONMember(key: bytes("type"), keyOffset: 0, value: JSONValue(kind: .string(bytes("view")), offset: 0))]),
]

/// Replaces the value number `target` (pre-order) with `replacement`; `counter` counts values visited.
private func replace(_ value: JSONValue, target: Int, with replacement: JSONValue.Kind, counter: inout Int) -> JSONValue {
    defer { counter += 1 }
    if counter == target { return JSONValue(kind: replacement, offset: 0) }
    var copy = value
    switch value.kind {
    case let .array(elements):
        counter += 1
        var out: [JSONValue] = []
        for e in elements { out.append(replace(e, target: target, with: replacement, counter: &counter)) }
        counter -= 1
        copy.kind = .array(out)
    case let .object(members):
        counter += 1
        var out: [JSONMember] = []
        for m in members {
            var n = m
            n.value = replace(m.value, target: target, with: replacement, counter: &counter)
            out.append(n)
        }
        counter -= 1
        copy.kind = .object(out)
    default: break
    }
    return copy
}

@Test func wrongValuesAnywhereGiveErrorsInsideTheInput() async throws {
    let tree = try JSONParser.parse(sampleScene)
    var count = 0
    _ = replace(tree, target: -1, with: .null, counter: &count)
    let valueCount = count
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...3)) { codes in
        var value = tree
        for code in codes {
            var counter = 0
            value = replace(value, target: code % valueCount, with: replacements[(code / valueCount) % replacements.count], counter: &counter)
        }
        var source: [UInt8] = []
        serialize(value, into: &source)
        do throws(SceneError) {
            _ = try SceneReader.read(source, file: "s.json")
        } catch {
            #expect(isInside(error, source), "\(error.description)")
            #expect(!error.message.hasPrefix("expected a value"), "the serialized JSON is valid: \(error.description)")
        }
    }
}
