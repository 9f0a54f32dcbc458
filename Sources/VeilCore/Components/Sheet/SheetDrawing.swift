/// What a sheet draws beyond its installed tree: its shadow, black fading from 12 % at its top edge
/// to nothing `SheetStyle.shadowHeight` above it, across its width (under its rounded corners too),
/// in its own layer so it moves with it. (Its position and dim are `PositionLink`s the renderer
/// applies.)
enum SheetDrawing {
    static func drawBeneath(_ box: LayoutBox, _ clip: Rect?, _ pass: inout RenderPass) {
        let node = box.node
        guard node.sheet?.shadow == true else { return }
        let frame = box.frame
        let h = SheetStyle.shadowHeight
        let r = Rect(x: frame.x, y: frame.y - h, width: frame.width, height: h + node.cornerRadius)
        var item = pass.makeItem(node, "shadow", .rect, r, 1, clip)
        let o = pass.origin
        item.fill = pass.paints.reference(.linear(x0: 0, y0: Fixed.from(r.y - o.y), x1: 0, y1: Fixed.from(frame.y + node.cornerRadius - o.y),
                                                  stops: [GradientStop(offset: 0, color: Color(r: 0, g: 0, b: 0, a: 0)),
                                                          GradientStop(offset: 65535, color: Color(r: 0, g: 0, b: 0, a: 31))]))
        pass.emit(item)
    }
}
