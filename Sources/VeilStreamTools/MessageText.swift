import VeilCore

/// One message in words (`veil stream --format text`; Web/stream.js `describeMessage` writes the same
/// text): a header line, then one indented line per thing it says — its events, the canvas and the
/// paints, and for a keyframe every entry (nested under its layer), for a delta each structure edit
/// and each changed entry with old → new values (the old ones from `previous`, the frame before).
public enum MessageText {
    public static func describe(_ message: Message, byteCount: Int?, previous: Frame?, after: Frame?,
                                names: ItemNames = ItemNames()) -> [String] {
        var lines: [String] = []
        let size = byteCount.map { ", \(Words.plural($0, "byte"))" } ?? ""
        switch message.body {
        case .keyframe:
            lines.append("keyframe seq \(message.sequence)\(size), hash \(Words.hex32(message.hash))")
        case let .delta(base, _):
            lines.append("delta seq \(message.sequence) (base \(base))\(size), hash \(Words.hex32(message.hash))")
        }
        if !message.events.isEmpty { lines.append("  events: " + Words.events(message.events)) }
        switch message.body {
        case let .keyframe(frame):
            lines.append("  canvas \(Words.number(frame.width)) × \(Words.number(frame.height)) pt, background \(Words.color(frame.background))")
            for (slot, paint) in frame.paints.enumerated() { lines.append("  paint \(slot + 1): \(Words.paint(paint))") }
            for motion in frame.motions { lines.append("  " + Words.motion(motion)) }
            for motion in frame.itemMotions { lines.append("  " + Words.itemMotion(motion, item: names.name(motion.id))) }
            entries(frame.items, frame.paints, names, depth: 1, into: &lines)
        case let .delta(_, patch):
            delta(patch, previous: previous, after: after, names, into: &lines)
        }
        return lines
    }

    private static func entries(_ items: [Item], _ paints: [Paint], _ names: ItemNames, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        for item in items {
            let text = Words.summary(item, paints, countingEntries: false)
            lines.append(indent + "\(names.name(item.id)) " + text)
            if item.isLayer { entries(item.children, paints, names, depth: depth + 1, into: &lines) }
        }
    }

    private static func delta(_ patch: Patch, previous: Frame?, after: Frame?, _ names: ItemNames, into lines: inout [String]) {
        if patch.isEmpty { lines.append("  no change"); return }
        if patch.width != nil || patch.height != nil {
            let w = patch.width ?? after?.width ?? previous?.width ?? 0
            let h = patch.height ?? after?.height ?? previous?.height ?? 0
            if let previous {
                lines.append("  canvas \(Words.number(previous.width)) × \(Words.number(previous.height)) pt → \(Words.number(w)) × \(Words.number(h)) pt")
            } else {
                lines.append("  canvas → \(Words.number(w)) × \(Words.number(h)) pt")
            }
        }
        if let background = patch.background {
            lines.append("  background " + (previous.map { Words.color($0.background) + " → " } ?? "→ ") + Words.color(background))
        }
        if let count = patch.paintCount {
            lines.append("  paints " + (previous.map { "\($0.paints.count) → " } ?? "→ ") + "\(count)")
        }
        if let motions = patch.motions {
            if motions.isEmpty && (patch.itemMotions ?? []).isEmpty { lines.append("  motions: none any more") }
            for motion in motions { lines.append("  " + Words.motion(motion)) }
            for motion in patch.itemMotions ?? [] { lines.append("  " + Words.itemMotion(motion, item: names.name(motion.id))) }
        }
        for edit in patch.paintEdits {
            let old = previous.flatMap { edit.slot < $0.paints.count ? $0.paints[edit.slot] : nil }
            let new = after.flatMap { edit.slot < $0.paints.count ? $0.paints[edit.slot] : nil }
            var text = "  paint \(edit.slot + 1): "
            if let old { text += Words.paint(old) + " → " }
            if let new {
                text += Words.paint(new)
            } else if case let .replace(paint) = edit.change {
                text += Words.paint(paint)
            } else {
                text += "adjusted"
            }
            lines.append(text)
        }
        let before = previous.map(FrameIndex.init)
        let now = after.map(FrameIndex.init)
        for edit in patch.structure {
            let layer = names.name(edit.layer)
            let oldChildren = edit.layer == 0 ? previous?.items : before?[edit.layer]?.item.children
            for index in edit.removes {
                if let item = oldChildren.flatMap({ index < $0.count ? $0[index] : nil }) {
                    lines.append("  remove \(names.label(item)) from \(layer) at \(index)")
                } else {
                    lines.append("  remove index \(index) from \(layer)")
                }
            }
            for placement in edit.placements {
                switch placement {
                case let .insert(at, item):
                    lines.append("  insert \(names.label(item)) into \(layer) at \(at): " + Words.summary(item, after?.paints ?? previous?.paints ?? []))
                case let .move(at, from):
                    if let item = oldChildren.flatMap({ from < $0.count ? $0[from] : nil }) {
                        lines.append("  move \(names.label(item)) in \(layer): \(from) → \(at)")
                    } else {
                        lines.append("  move index \(from) in \(layer) to \(at)")
                    }
                }
            }
        }
        for update in patch.updates {
            let old = before?[update.id]?.item
            var new = now?[update.id]?.item ?? update.values
            if now == nil { new.id = update.id; new.kind = old?.kind ?? update.values.kind }
            let label = old.map(names.label) ?? names.label(new)
            lines.append("  change \(label): " + Words.changes(update.fields, from: old, previous?.paints ?? [],
                                                              to: new, after?.paints ?? previous?.paints ?? []))
        }
    }
}
