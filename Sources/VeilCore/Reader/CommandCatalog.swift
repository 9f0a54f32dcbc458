/// What the commands a session takes look like, described from the reader's own tables
/// (`CommandReaders.all` and the `Field`s of each command), so a host can offer every command
/// without keeping its own list: the viewer's toolbar is built from `CommandCatalog.json`.
///
/// The JSON: `{"commands": [{"name": "skeleton", "takes": {"object": [{"name": "node",
/// "required": true, "takes": "node"}, {"name": "style", "takes": {"choice": ["solid", …]}}, …]}}, …]}`.
/// A value description is `"flag"` (the key is given as `true`), `"bool"`, `"node"` (a node id),
/// `"text"`, `{"number": [min, max]}`, `{"choice": [names]}`, `{"object": [keys]}` or `"other"`
/// (JSON the catalog does not detail — colours, rows, anchors…; the reader's error says what it
/// wants, and the schema, `SceneSchema`, details it). Native build only (the tables' descriptions are).
#if !hasFeature(Embedded)
public enum CommandCatalog {
    public static var json: String {
        var out = Array("{\"commands\":[".utf8)
        for (i, variant) in CommandReaders.all.enumerated() {
            if i > 0 { out.append(0x2C) }
            out += Array("{\"name\":".utf8)
            string(utf8(variant.name), into: &out)
            out += Array(",\"takes\":".utf8)
            write(variant.takes(), into: &out)
            out.append(0x7D)
        }
        out += Array("]}".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: ValueDescription, into out: inout [UInt8]) {
        switch value.bare {
        case .flag: out += Array("\"flag\"".utf8)
        case .bool: out += Array("\"bool\"".utf8)
        case .node: out += Array("\"node\"".utf8)
        case .text, .string: out += Array("\"text\"".utf8)
        case let .integer(low, high): write(.number(Double(low), Double(high)), into: &out)
        case .other, .color, .null, .map, .array, .anyOf, .ref, .nodeType, .documented:
            out += Array("\"other\"".utf8)
        case let .number(low, high):
            out += Array("{\"number\":[".utf8)
            out += ReaderContext.format(low).bytes
            out.append(0x2C)
            out += ReaderContext.format(high).bytes
            out += Array("]}".utf8)
        case let .choice(names):
            out += Array("{\"choice\":[".utf8)
            for (i, name) in names.enumerated() {
                if i > 0 { out.append(0x2C) }
                string(name, into: &out)
            }
            out += Array("]}".utf8)
        case let .object(fields, _):
            out += Array("{\"object\":[".utf8)
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(0x2C) }
                out += Array("{\"name\":".utf8)
                string(field.name, into: &out)
                if field.required { out += Array(",\"required\":true".utf8) }
                out += Array(",\"takes\":".utf8)
                write(field.takes, into: &out)
                out.append(0x7D)
            }
            out += Array("]}".utf8)
        }
    }

    /// Names are the reader's own ASCII identifiers; quotes and backslashes are escaped all the same.
    private static func string(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.append(0x22)
        for b in bytes {
            if b == 0x22 || b == 0x5C { out.append(0x5C) }
            if b >= 0x20 { out.append(b) }
        }
        out.append(0x22)
    }
}
#endif
