/// Builds the node subtree of a status: the scene's custom view for that state, or the default view
/// (StatusProvider's layout): loading = [activity indicator, title] side by side; otherwise a column
/// of image, title, message and action button, spacing 10, centred within a readable width.
enum StatusView {
    static let readableWidth = 672.0
    static let imageSize = 64.0

    /// The status view over `host`: its whole bounds, with the host's corner radius.
    static func build(_ status: Status, host: Node, custom: Node?, palette: Palette) -> Node {
        let s = status.resolved
        let prefix = host.id + utf8("/status")
        var overlay = Node(id: prefix, kind: .view)
        overlay.background = host.background ?? palette.background
        overlay.cornerRadius = host.cornerRadius
        if let custom {
            overlay.children = [custom.instantiated(prefix: prefix + [0x2F])]
            return overlay
        }
        var column = StackStyle()
        column.axis = .vertical
        column.spacing = 10
        column.alignment = .center
        column.justify = .center
        var content = Node(id: prefix + utf8("/content"), kind: .stack(column))
        content.padding = EdgeInsets(all: 16)
        content.maxWidth = readableWidth
        content.clipsToBounds = true

        if s.kind == .loading {
            var row = StackStyle()
            row.axis = .horizontal
            row.spacing = 10
            row.alignment = .center
            var line = Node(id: prefix + utf8("/loading"), kind: .stack(row))
            line.children = [Node(id: prefix + utf8("/indicator"), kind: .activityIndicator(ActivityIndicatorStyle()))]
            if let title = s.title { line.children.append(label(prefix, "/title", title, size: 17, weight: 400, palette.text)) }
            content.children = [line]
        } else {
            if let image = s.image {
                var style = ImageStyle()
                style.name = image
                var n = Node(id: prefix + utf8("/image"), kind: .image(style))
                n.width = imageSize
                n.height = imageSize
                n.cornerRadius = 12
                content.children.append(n)
            }
            if let title = s.title { content.children.append(label(prefix, "/title", title, size: 17, weight: 600, palette.text)) }
            if let message = s.message {
                content.children.append(label(prefix, "/message", message, size: 13, weight: 400, palette.secondaryText))
            }
            if let actionTitle = s.actionTitle, let action = s.action {
                var b = ButtonStyle()
                b.title = actionTitle
                b.action = action
                content.children.append(Node(id: prefix + utf8("/action"), kind: .button(b)))
            }
        }
        overlay.children = [content]
        return overlay
    }

    @inline(never)  // for size: three callers
    private static func label(_ prefix: [UInt8], _ role: StaticString, _ text: [UInt8], size: Double, weight: Int,
                              _ color: Color) -> Node {
        var l = LabelStyle()
        l.text = text
        l.fontSize = size
        l.fontWeight = weight
        l.color = color
        l.numberOfLines = 0
        l.alignment = .center
        return Node(id: prefix + utf8(role), kind: .label(l))
    }
}
