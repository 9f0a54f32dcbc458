import VeilCore

// The core's commands name nodes by UTF-8 bytes (what the readers and the wire carry); these
// take the scene's ids as Strings, and build the same commands: one for every command of the core's
// CommandCatalog that names a node (StringIDsTests checks it).

extension Command {
    public static func set(node: String, changes: [NodeChange]) -> Command { .set(node: Array(node.utf8), changes: changes) }
    /// Sets a label's or button's text.
    public static func set(node: String, text: String) -> Command { .set(node: Array(node.utf8), changes: [.text(Array(text.utf8))]) }
    public static func status(node: String, status: Status?, transition: OverlayTransition = SkeletonCommand.defaultTransition) -> Command {
        .status(node: Array(node.utf8), status: status, transition: transition)
    }
    public static func spinner(node: String, show: Bool) -> Command { .spinner(node: Array(node.utf8), show: show) }
    public static func skeleton(node: String, _ command: SkeletonCommand) -> Command { .skeleton(node: Array(node.utf8), command) }
    public static func rows(node: String, _ edit: RowsEdit) -> Command { .rows(node: Array(node.utf8), edit) }
    public static func refresh(node: String, _ command: RefreshCommand) -> Command { .refresh(node: Array(node.utf8), command) }
    public static func loadMore(node: String, _ command: LoadMoreCommand) -> Command { .loadMore(node: Array(node.utf8), command) }
    public static func scroll(node: String, to offset: Double, animated: Bool = true) -> Command {
        .scroll(node: Array(node.utf8), to: offset, animated: animated)
    }
    public static func sheet(node: String, _ command: SheetCommand) -> Command { .sheet(node: Array(node.utf8), command) }
    /// The size of a host node (content the host provides); nil keeps the scene's.
    public static func host(node: String, width: Double? = nil, height: Double? = nil) -> Command {
        .host(node: Array(node.utf8), width: width, height: height)
    }
}

extension ListRow {
    /// A row that sets texts of the template's nodes: `ListRow(texts: ["name": "Ada", "email": "ada@example.com"])`.
    public init(texts: KeyValuePairs<String, String>) {
        self.init(texts.map { (node: Array($0.key.utf8), changes: [NodeChange.text(Array($0.value.utf8))]) })
    }
}

extension SkeletonCommand {
    /// Shows the skeleton in `style`, fading in as SkeletonView does, at once.
    public static func show(_ style: SkeletonStyle = SkeletonStyle()) -> SkeletonCommand {
        .show(style, transition: defaultTransition, delay: 0)
    }

    /// Hides it, fading out as SkeletonView does.
    public static func hide() -> SkeletonCommand { .hide(transition: defaultTransition) }
}

extension Status {
    /// A status with its texts as Strings: `Status(.error, message: "Offline", actionTitle: "Retry", action: "retry")`.
    public init(_ kind: Kind, title: String? = nil, message: String? = nil, image: String? = nil,
                actionTitle: String? = nil, action: String? = nil) {
        self.init(kind: kind)
        self.title = title.map { Array($0.utf8) }
        self.message = message.map { Array($0.utf8) }
        self.image = image.map { Array($0.utf8) }
        self.actionTitle = actionTitle.map { Array($0.utf8) }
        self.action = action.map { Array($0.utf8) }
    }
}
