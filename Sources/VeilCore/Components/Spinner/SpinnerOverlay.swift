/// The SpinnerView loading overlay: over the host's whole bounds a radial gradient backdrop, centred
/// in the host, (0.4, 0.4, 0.4, 0.8) → (0.1, 0.1, 0.1, 0.5) over 0.8 · width / 2 (the end colour
/// beyond), at alpha 0.7; a large white activity indicator in the centre.
enum SpinnerOverlay {
    static let fadeDuration = 0.25
    static let backdropAlpha = 0.7

    /// The overlay over `host`: its whole bounds, with the host's corner radius.
    static func build(host: Node) -> Node {
        let prefix = host.id + utf8("/spinner")
        var overlay = Node(id: prefix, kind: .view)
        var backdrop = Node(id: prefix + utf8("/backdrop"), kind: .radialGradient(RadialGradientStyle(
            stops: [GradientStop(offset: 0, color: Color(red: 0.4, green: 0.4, blue: 0.4, alpha: 0.8)),
                    GradientStop(offset: 65535, color: Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 0.5))],
            radiusFactor: 0.8)))
        backdrop.opacity = backdropAlpha
        backdrop.cornerRadius = host.cornerRadius
        var indicator = ActivityIndicatorStyle()
        indicator.large = true
        indicator.color = .white
        overlay.children = [backdrop, Node(id: prefix + utf8("/indicator"), kind: .activityIndicator(indicator))]
        return overlay
    }
}
