/// One node of the scene tree. Common fields here; what a kind adds is in its `NodeKind` payload.
public struct Node: Sendable {
    /// Stable name from the file ("id"); unnamed nodes get "<parent id>/<index>" from the reader.
    public var id: [UInt8]
    public var kind: NodeKind
    /// Frame relative to the parent's content box. When nil the parent's layout (stack, list) places it,
    /// or it fills the parent.
    public var frame: Rect? = nil
    /// Size requests used by stacks (nil = intrinsic or fill).
    public var width: Double? = nil
    public var height: Double? = nil
    public var padding: EdgeInsets = .zero
    public var background: Color? = nil
    public var cornerRadius: Double = 0
    public var borderColor: Color? = nil
    public var borderWidth: Double = 0
    /// 0...1.
    public var opacity: Double = 1
    public var hidden: Bool = false
    /// Children draw clipped to this node's bounds.
    public var clipsToBounds: Bool = false
    public var children: [Node] = []
    /// Nodes laid over this node's whole bounds and drawn after its children (status views,
    /// spinner overlays). Components put them here; scene files do not.
    public var overlays: [Node] = []
    /// Caps the width a stack or a fill gives this node; it is then centred in the space offered.
    public var maxWidth: Double? = nil
    /// A time-driven opacity multiplier (cross-fades), evaluated when the frame is drawn.
    public var fade: Fade? = nil
    /// False: taps and keyboard focus pass over this subtree (a fading-out overlay, a skeleton).
    public var interactive: Bool = true
    /// Skeleton knobs (skeletonable, hidden while shown, text lines…).
    public var skeleton = SkeletonTraits()
    /// Set by a shown skeleton on the tree the session lays out; never in a scene.
    var skeletonMark: SkeletonMark? = nil

    public init(id: [UInt8], kind: NodeKind) { self.id = id; self.kind = kind }
}

public indirect enum NodeKind: Sendable {
    case view
    case label(LabelStyle)
    case image(ImageStyle)
    case button(ButtonStyle)
    case stack(StackStyle)
    case list(ListStyle)
    /// The system activity indicator: spokes whose highlight turns with time.
    case activityIndicator(ActivityIndicatorStyle)
    /// A view filled with a radial gradient centred in its bounds.
    case radialGradient(RadialGradientStyle)
}

public struct RadialGradientStyle: Sendable {
    /// (offset 0...1, colour) pairs; beyond the radius the last colour continues.
    public var stops: [GradientStop]
    /// Radius as a fraction of half the node's width.
    public var radiusFactor: Double
    public init(stops: [GradientStop], radiusFactor: Double) { self.stops = stops; self.radiusFactor = radiusFactor }
}

public struct ActivityIndicatorStyle: Sendable {
    /// Spoke colour; nil = the appearance's secondary text colour.
    public var color: Color? = nil
    /// Large (37 pt) or medium (20 pt), as UIActivityIndicatorView.
    public var large: Bool = false
    public init() {}
    public var diameter: Double { large ? 37 : 20 }
}

public enum TextAlignment: UInt8, Sendable {
    case left = 0, center = 1, right = 2
}

public struct LabelStyle: Sendable {
    /// UTF-8.
    public var text: [UInt8] = []
    public var fontSize: Double = 17
    /// 100...900; the bundled font has regular (400), medium (500), semibold (600) and bold (700) widths.
    public var fontWeight: Int = 400
    public var color: Color? = nil
    /// 0 = as many lines as the text needs; otherwise at most this many, the last one truncated with "…".
    public var numberOfLines: Int = 1
    public var alignment: TextAlignment = .left
    /// Line height as a multiple of the font size.
    public var lineHeight: Double = 1.2
    public init() {}
}

public struct ImageStyle: Sendable {
    /// Name of the image (a placeholder box is drawn; the name is for hosts and debugging).
    public var name: [UInt8] = []
    public var tint: Color? = nil
    public init() {}
}

public struct ButtonStyle: Sendable {
    public var title: [UInt8] = []
    public var fontSize: Double = 17
    public var fontWeight: Int = 600
    public var titleColor: Color? = nil
    /// The event name reported to the host on a tap (default "tap").
    public var action: [UInt8] = utf8("tap")
    public init() {}
}

public enum Axis: UInt8, Sendable {
    case vertical = 0, horizontal = 1
}

public enum StackAlignment: UInt8, Sendable {
    /// Cross-axis placement of children.
    case fill = 0, leading = 1, center = 2, trailing = 3
}

public enum StackJustification: UInt8, Sendable {
    /// Main-axis placement of the children as a group.
    case start = 0, center = 1, end = 2
}

public struct StackStyle: Sendable {
    public var axis: Axis = .vertical
    public var spacing: Double = 0
    public var alignment: StackAlignment = .fill
    public var justify: StackJustification = .start
    public init() {}
}

public struct ListStyle: Sendable {
    /// Template instantiated per row; its ids become "<list id>/<row>/<template id>", rows numbered
    /// across sections.
    public var row: Node
    /// Number of rows (of the single section when `sections` is empty).
    public var rowCount: Int = 0
    public var rowHeight: Double = 44
    public var separatorColor: Color? = nil
    public var header: Node? = nil
    public var footer: Node? = nil
    /// Rows while a skeleton is shown (of the single section when `sections` is empty).
    public var skeletonRows: SkeletonRowCount = .automatic
    /// Sections, each with its header, rows and footer; empty = one section from the fields above.
    public var sections: [ListSection] = []
    /// Changes made to rows before they are skeletonized (e.g. hide a node in row 0).
    public var skeletonPreparations: [RowPreparation] = []
    public init(row: Node) { self.row = row }
}
