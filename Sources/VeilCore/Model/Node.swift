/// One node of the scene tree. Common fields here; what a kind adds is in its `NodeKind` payload,
/// and what a component reads or marks on a node is one group of fields per component, defined
/// and given accessors in the component's folder (`node.skeleton`, `node.refresh`…).
///
/// A value type whose fields live in one copy-on-write box, so a Node is a single reference: the
/// scene, list templates, layout boxes and reader drafts copy and move nodes all the time, and
/// copying twenty fields inline at each of those places grew veil.wasm the most of any type.
public struct Node: Sendable {
    /// The fields, copied as one value when a shared box is about to change.
    /// Internal for the accessors of the components' groups (in their folders); nothing else
    /// touches it.
    struct Fields: Sendable {
        var id: [UInt8]
        var kind: NodeKind
        var frame: Rect? = nil
        var width: Double? = nil
        var height: Double? = nil
        var padding: EdgeInsets = .zero
        var background: Color? = nil
        var cornerRadius: Double = 0
        var borderColor: Color? = nil
        var borderWidth: Double = 0
        var opacity: Double = 1
        var hidden: Bool = false
        var clipsToBounds: Bool = false
        var children: [Node] = []
        var overlays: [Node] = []
        var maxWidth: Double? = nil
        var fade: Fade? = nil
        var interactive: Bool = true
        var link: PositionLink? = nil
        // One group per component; the accessors are in its folder (`SkeletonNodeFields.swift`,
        // `ScrollNodeFields.swift`).
        var skeletonFields = SkeletonNodeFields()
        var scrollFields = ScrollNodeFields()
        var sheet: SheetStyle? = nil
    }

    final class Storage: @unchecked Sendable {  // never mutated while shared (see `unique`)
        /// Unchecked: a box is written only through the one Node that holds it (`unique`), one
        /// field at a time, so accesses never overlap; the dynamic check on every read of a
        /// node's field showed in a large layout and render.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private(set) var storage: Storage

    public init(id: [UInt8], kind: NodeKind) { storage = Storage(Fields(id: id, kind: kind)) }

    /// Makes the box this node's own before a field changes (copy on write). Out of line: every
    /// field change calls it.
    @inline(never)
    mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// True when both are one box: nothing in either changed since one was copied from the other,
    /// so everything computed from one holds for the other (O(1); false says nothing).
    func isSameValue(as other: Node) -> Bool { storage === other.storage }

    /// Names this value while it is alive: nodes with the same identity are the same value.
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Stable name from the file ("id"); unnamed nodes get "<parent id>/<index>" from the reader.
    public var id: [UInt8] {
        get { storage.fields.id }
        _modify { unique(); yield &storage.fields.id }
    }

    public var kind: NodeKind {
        get { storage.fields.kind }
        _modify { unique(); yield &storage.fields.kind }
    }

    /// Frame relative to the parent's content box. When nil the parent's layout (stack, list) places it,
    /// or it fills the parent.
    public var frame: Rect? {
        get { storage.fields.frame }
        _modify { unique(); yield &storage.fields.frame }
    }

    /// Size requests used by stacks (nil = intrinsic or fill).
    public var width: Double? {
        get { storage.fields.width }
        _modify { unique(); yield &storage.fields.width }
    }

    public var height: Double? {
        get { storage.fields.height }
        _modify { unique(); yield &storage.fields.height }
    }

    public var padding: EdgeInsets {
        get { storage.fields.padding }
        _modify { unique(); yield &storage.fields.padding }
    }

    public var background: Color? {
        get { storage.fields.background }
        _modify { unique(); yield &storage.fields.background }
    }

    public var cornerRadius: Double {
        get { storage.fields.cornerRadius }
        _modify { unique(); yield &storage.fields.cornerRadius }
    }

    public var borderColor: Color? {
        get { storage.fields.borderColor }
        _modify { unique(); yield &storage.fields.borderColor }
    }

    public var borderWidth: Double {
        get { storage.fields.borderWidth }
        _modify { unique(); yield &storage.fields.borderWidth }
    }

    /// 0...1.
    public var opacity: Double {
        get { storage.fields.opacity }
        _modify { unique(); yield &storage.fields.opacity }
    }

    public var hidden: Bool {
        get { storage.fields.hidden }
        _modify { unique(); yield &storage.fields.hidden }
    }

    /// Children draw clipped to this node's bounds.
    public var clipsToBounds: Bool {
        get { storage.fields.clipsToBounds }
        _modify { unique(); yield &storage.fields.clipsToBounds }
    }

    public var children: [Node] {
        get { storage.fields.children }
        _modify { unique(); yield &storage.fields.children }
    }

    /// Nodes laid over this node's whole bounds and drawn after its children (status views,
    /// spinner overlays). Components put them here; scene files do not.
    public var overlays: [Node] {
        get { storage.fields.overlays }
        _modify { unique(); yield &storage.fields.overlays }
    }

    /// Caps the width a stack or a fill gives this node; it is then centred in the space offered.
    public var maxWidth: Double? {
        get { storage.fields.maxWidth }
        _modify { unique(); yield &storage.fields.maxWidth }
    }

    /// A time-driven opacity multiplier (cross-fades), evaluated when the frame is drawn.
    public var fade: Fade? {
        get { storage.fields.fade }
        _modify { unique(); yield &storage.fields.fade }
    }

    /// False: taps and keyboard focus pass over this subtree (a fading-out overlay, a skeleton).
    public var interactive: Bool {
        get { storage.fields.interactive }
        _modify { unique(); yield &storage.fields.interactive }
    }

    /// A layer field a component drives (a sheet's position, its dim): read from the moving values.
    var link: PositionLink? {
        get { storage.fields.link }
        _modify { unique(); yield &storage.fields.link }
    }

    /// A sheet (Components/Sheet): its anchors and options; its children are its pages.
    public var sheet: SheetStyle? {
        get { storage.fields.sheet }
        _modify { unique(); yield &storage.fields.sheet }
    }
}

public indirect enum NodeKind: Sendable {
    case view
    case label(LabelStyle)
    case image(ImageStyle)
    case button(ButtonStyle)
    case stack(StackStyle)
    /// A scroll container: its children stacked along the axis, as long as they need to be,
    /// moved by drags, the wheel and keys (Components/Scroll).
    case scroll(StackStyle)
    case list(ListStyle)
    /// The system activity indicator: spokes whose highlight turns with time.
    case activityIndicator(ActivityIndicatorStyle)
    /// A view filled with a radial gradient centred in its bounds.
    case radialGradient(RadialGradientStyle)
    /// Room in a stack: takes what the other children leave along the axis (SwiftUI's Spacer).
    case spacer(SpacerStyle)
    /// Content the host provides (a page's element): laid out like a view, drawn as one item of
    /// kind host that says where it goes (docs/ARCHITECTURE.md, "Content the host provides").
    /// Its natural size is its `width`/`height`, which the `host` command changes.
    case host
}

public struct SpacerStyle: Sendable {
    /// The least room it takes along its stack's axis, points.
    public var minLength: Double = 0
    public init() {}
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
    /// Vertical (rows top to bottom, each as wide as the list) or horizontal (left to right, each
    /// `rowWidth` wide and as tall as the list: a carousel).
    public var axis: Axis = .vertical
    public var rowWidth: Double = 160
    /// A row's length along the axis.
    public var rowLength: Double { axis == .horizontal ? rowWidth : rowHeight }
    public var separatorColor: Color? = nil
    public var header: Node? = nil
    public var footer: Node? = nil
    /// Rows while a skeleton is shown (of the single section when `sections` is empty).
    public var skeletonRows: SkeletonRowCount = .automatic
    /// Sections, each with its header, rows and footer; empty = one section from the fields above.
    public var sections: [ListSection] = []
    /// Changes made to rows before they are skeletonized (e.g. hide a node in row 0).
    public var skeletonPreparations: [RowPreparation] = []
    /// Row data (single-section lists): row k shows the template with `rowData[k]`'s changes;
    /// rows past the data show the template as it is.
    public var rowData: [ListRow] = []
    /// Rows come from the host instead of `rowData` (`RowFetchStyle`).
    public var fetch: RowFetchStyle? = nil
    /// What a fetching list holds now and draws its waiting rows with; installed by
    /// `FetchComponent` on the tree the session lays out, never in a scene.
    var fetched: FetchedList? = nil
    public init(row: Node) { self.row = row }
}
