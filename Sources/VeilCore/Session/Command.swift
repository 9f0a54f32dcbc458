/// What a host (timeline, events file, viewer, wasm page) asks the session to do.
/// Components add their cases here (skeleton, status, spinner, sheet, refresh).
public enum Command: Sendable {
    /// Change properties of one node. Unknown node → error at the call, nothing changes.
    case set(node: [UInt8], changes: [NodeChange])
    /// Shows a status over a node (nil: hides it). One status per node; showing replaces.
    case status(node: [UInt8], status: Status?, transition: OverlayTransition)
    /// Shows or hides the loading spinner overlay over a node (fades 0.25 s; never stacks).
    case spinner(node: [UInt8], show: Bool)
}

public enum NodeChange: Sendable {
    case text([UInt8])
    case hidden(Bool)
    case background(Color?)
    case textColor(Color?)
    case opacity(Double)
    case frame(Rect?)
}
