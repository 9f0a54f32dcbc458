/// The components every session has, in install order (later ones install, and lie, above): one
/// line each. A component that draws beyond the tree it installs also has a line in each
/// `ComponentDrawing` hook it uses, and its animated fields a case of `ComponentField`.
enum ComponentRegistry {
    static func components() -> [any Component] {
        let scroll = ScrollComponent()
        return [
            SheetComponent(scroll: scroll),  // drives the scroll containers in its pages (the hand-off)
            scroll,
            SkeletonComponent(),
            StatusComponent(),
            SpinnerComponent(),  // above a status on the same host
        ]
    }
}
