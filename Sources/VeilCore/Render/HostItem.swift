/// A host node's drawing: one item of kind host ("<node id>#host") with its box and its clip,
/// nothing else — no background, no paint. The page's element goes there; the layers above carry
/// offset, opacity and clip as for any item, so the item alone says where and how it shows.
extension RenderPass {
    mutating func drawHost(_ node: Node, _ frame: Rect, _ clip: Rect?) {
        emit(makeItem(node, "host", .host, frame, 1, clip))
    }
}
