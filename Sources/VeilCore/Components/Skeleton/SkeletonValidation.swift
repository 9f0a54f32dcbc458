/// Checks a skeleton command before anything changes: bad input is an error that changes nothing.
enum SkeletonValidation {
    /// `transitions`: false under reduced motion, where a transition is not made.
    static func check(_ command: SkeletonCommand, on target: Node, transitions: Bool = true) throws(SessionError) {
        switch command {
        case let .show(style, transition, delay):
            guard target.skeleton.skeletonable else {
                throw SessionError("skeleton: node \"\(target.id)\" is not skeletonable (set \"skeletonable\": true on it and on the nodes down to its placeholders)")
            }
            try check(style)
            try Bounds.check(delay, Bounds.skeletonDelay, "skeleton", "\"delay\" (seconds)")
            if transitions { try check(transition) }
        case let .hide(transition):
            if transitions { try check(transition) }
        case let .update(style):
            try check(style)
        }
    }

    static func check(_ style: SkeletonStyle) throws(SessionError) {
        if let problem = style.problem() { throw SessionError(problem) }
    }

    static func check(_ transition: OverlayTransition) throws(SessionError) {
        try transition.check("skeleton")
    }
}
