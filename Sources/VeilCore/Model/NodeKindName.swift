extension NodeKind {
    /// The node's `"type"` as a scene file writes it.
    public var typeName: String {
        switch self {
        case .view: return "view"
        case .label: return "label"
        case .image: return "image"
        case .button: return "button"
        case .stack: return "stack"
        case .scroll: return "scroll"
        case .list: return "list"
        case .activityIndicator: return "activityIndicator"
        case .radialGradient: return "radialGradient"
        case .spacer: return "spacer"
        case .host: return "host"
        }
    }
}
