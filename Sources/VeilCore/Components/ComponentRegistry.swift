/// The components every session has, in install order (later ones install, and lie, above): one
/// line each. A component that draws beyond the tree it installs also has a line in each
/// `ComponentDrawing` hook it uses, and its animated fields a case of `ComponentField`; one that
/// moves values every frame, reports events or keeps the focus (a live one) has a line in
/// `LiveComponents` too. Nothing fails when one of these lines is missing — the hook is just never
/// called — so RegisteredComponentsTests reads the Components folder and fails for each
/// `Component`, live hook, drawing hook and field that is implemented but not listed.
enum ComponentRegistry {
    static func components() -> (all: [any Component], live: LiveComponents) {
        let scroll = ScrollComponent()
        let sheet = SheetComponent(scroll: scroll)  // drives the scroll containers in its pages (the hand-off)
        let fetch = FetchComponent()
        let all: [any Component] = [
            sheet,
            scroll,
            fetch,
            SkeletonComponent(),
            StatusComponent(),
            SpinnerComponent(),  // above a status on the same host
        ]
        return (all, LiveComponents(sheet: sheet, scroll: scroll, fetch: fetch))
    }
}

/// The components the session asks on every tick (the `Component` hooks for values that move,
/// layouts, events and focus), called directly rather than through `any Component`: these calls
/// are most of what an animating tick costs besides its own work, and a call through the
/// existential costs a witness lookup and a retain each. The others are asked only for commands,
/// installs, settles and input.
struct LiveComponents {
    let sheet: SheetComponent
    let scroll: ScrollComponent
    let fetch: FetchComponent

    func publish(into values: inout MovingValues, at t: Double) {
        sheet.publish(into: &values, at: t)
        scroll.publish(into: &values, at: t)
    }

    func needsStep(at t: Double) -> Bool { sheet.needsStep(at: t) || scroll.needsStep(at: t) }

    func nextStep(at t: Double) -> Double? {
        switch (sheet.nextStep(at: t), scroll.nextStep(at: t)) {
        case let (a?, b?): return smaller(a, b)
        case let (a, b): return a ?? b
        }
    }

    func didStep(at t: Double) {
        sheet.didStep(at: t)
        scroll.didStep(at: t)
    }

    func needsLayout(at t: Double) -> Bool { sheet.needsLayout(at: t) || scroll.needsLayout(at: t) }

    func didLayOut(_ root: LayoutBox, with values: MovingValues, at t: Double) {
        sheet.didLayOut(root, with: values, at: t)
        scroll.didLayOut(root, with: values, at: t)
        fetch.didLayOut(root, with: values, at: t)
    }

    /// Their events, the last registered first: a scroll container's come before those of the
    /// sheet that drives it.
    func takeEvents() -> [HostEvent] {
        let scrolled = scroll.takeEvents(), sheets = sheet.takeEvents()
        return sheets.isEmpty ? scrolled : scrolled + sheets  // every tick asks: most often neither has one
    }

    /// The events a layout raised (a fetching list's requests for rows), for the message that
    /// draws that layout: a layout follows a change, so a render that takes them always follows.
    func takeLayoutEvents() -> [HostEvent] { fetch.takeEvents() }

    var focusTrap: [UInt8]? { sheet.focusTrap ?? scroll.focusTrap }
}
