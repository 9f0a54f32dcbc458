/// SkeletonView's debug description of the skeleton tree (skeletonTreeDescription / SKELETON_DEBUG):
/// per node its type, whether it is skeletonable and its children, as pretty-printed JSON; Veil adds
/// the node id and, while a skeleton is shown, which nodes draw placeholders.
enum SkeletonTree {
    static func json(_ box: LayoutBox) -> String {
        var out: [UInt8] = []
        write(box, indent: 0, into: &out)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ box: LayoutBox, indent: Int, into out: inout [UInt8]) {
        let node = box.node
        let pad = [UInt8](repeating: 0x20, count: indent + 2)
        out += Array("{\n".utf8)
        out += pad; out += Array("\"id\" : ".utf8); string(node.id, into: &out); out += Array(",\n".utf8)
        out += pad; out += Array("\"type\" : \"".utf8); out += Array(node.kind.typeName.utf8); out += Array("\",\n".utf8)
        out += pad; out += Array("\"isSkeletonable\" : ".utf8); out += Array((node.skeleton.skeletonable ? "true" : "false").utf8)
        if let mark = node.skeletonMark {
            out += Array(",\n".utf8); out += pad
            out += Array("\"placeholder\" : ".utf8); out += Array((mark.placeholder ? "true" : "false").utf8)
        }
        if !box.children.isEmpty {
            out += Array(",\n".utf8); out += pad; out += Array("\"children\" : [\n".utf8)
            for (i, child) in box.children.enumerated() {
                out += pad; out += [0x20, 0x20]
                write(child, indent: indent + 4, into: &out)
                if i + 1 < box.children.count { out.append(0x2C) }
                out.append(0x0A)
            }
            out += pad; out.append(0x5D)
        }
        out.append(0x0A)
        out += [UInt8](repeating: 0x20, count: indent); out.append(0x7D)
    }

    /// A JSON string literal of UTF-8 bytes.
    private static func string(_ bytes: [UInt8], into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(0x22)
        for b in bytes {
            switch b {
            case 0x22, 0x5C: out.append(0x5C); out.append(b)
            case 0..<0x20: out += Array("\\u00".utf8); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}

extension LayoutBox {
    /// The box of the node with `id`, depth first.
    func box(of id: [UInt8]) -> LayoutBox? {
        if node.id == id { return self }
        for child in children { if let b = child.box(of: id) { return b } }
        return nil
    }
}
