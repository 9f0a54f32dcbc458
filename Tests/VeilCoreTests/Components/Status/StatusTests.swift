import Testing
@testable import VeilCore

@Suite struct StatusTests {
    func session(width: Double = 400, height: Double = 300) -> Session {
        var host = view("feed", frame: Rect(x: 20, y: 30, width: width, height: height), background: .white)
        host.children = [label("content", "Real content")]
        return Session(scene: scene(view("root", children: [host]), width: 800, height: 800))
    }

    func texts(_ f: Frame) -> [String] {
        f.canvasItems.filter { $0.kind == .text }.map { String(decoding: $0.text, as: UTF8.self) }
    }

    @Test func loadingShowsIndicatorBesideLoadingTextCentredInHost() throws {
        let s = session()
        try s.perform(.status(node: bytes("feed"), status: Status(kind: .loading), transition: .none))
        let f = s.frame(at: 0)
        #expect(texts(f).contains("Loading…"))
        let spinner = try #require(f.canvasItems.first { $0.kind == .activityIndicator })
        let title = try #require(f.canvasItems.first { $0.text == bytes("Loading…") })
        #expect(spinner.x + spinner.width <= title.x, "indicator on the left of the title")
        // The pair is centred in the host (20...420 × 30...330).
        let left = Double(spinner.x) / 8, right = Double(title.x + title.width) / 8
        #expect(abs((left + right) / 2 - 220) < 1)
        let mid = Double(spinner.y + spinner.height / 2) / 8
        #expect(abs(mid - 180) < 1)
    }

    @Test func statusCoversTheContentAndShowingAnotherReplacesIt() throws {
        let s = session()
        try s.perform(.status(node: bytes("feed"), status: Status(kind: .loading), transition: .none))
        var error = Status(kind: .error)
        error.message = bytes("The network is down.")
        try s.perform(.status(node: bytes("feed"), status: error, transition: .none))
        let f = s.frame(at: 0)
        #expect(!texts(f).contains("Loading…"))
        #expect(texts(f).contains("Error") && texts(f).contains("The network is down.") && texts(f).contains("Retry"))
        // The status view's background (the host's size) is drawn after the real content.
        let cover = try #require(f.canvasItems.firstIndex { $0.kind == .rect && $0.x == Fixed.from(20) && $0.width == Fixed.from(400) && $0.id != f.canvasItems[0].id })
        let content = try #require(f.canvasItems.firstIndex { $0.text == bytes("Real content") })
        #expect(cover > content)
        try s.perform(.status(node: bytes("feed"), status: nil, transition: .none))
        #expect(texts(s.frame(at: 0)) == ["Real content"])
    }

    @Test func titleOnlyStatusShowsItsTitle() throws {
        let s = session()
        var st = Status(kind: .empty)
        st.title = bytes("Nothing here")
        try s.perform(.status(node: bytes("feed"), status: st, transition: .none))
        #expect(texts(s.frame(at: 0)).contains("Nothing here"))
    }

    @Test func emptyStateHasImageTitleCaptionAndAction() throws {
        let s = session()
        var st = Status(kind: .empty)
        st.title = bytes("No Data"); st.message = bytes("Create something"); st.image = bytes("box")
        st.actionTitle = bytes("Create"); st.action = bytes("create")
        try s.perform(.status(node: bytes("feed"), status: st, transition: .none))
        let f = s.frame(at: 0)
        let image = try #require(f.canvasItems.first { $0.kind == .image })
        let title = try #require(f.canvasItems.first { $0.text == bytes("No Data") })
        let caption = try #require(f.canvasItems.first { $0.text == bytes("Create something") })
        let action = try #require(f.canvasItems.first { $0.text == bytes("Create") })
        #expect(image.y < title.y && title.y < caption.y && caption.y < action.y, "a column, top to bottom")
    }

    @Test func retryTapReportsRetryAndReactionRunsLoadingThenContent() throws {
        var sc = scene(view("root", children: [view("feed", background: .white)]), width: 400, height: 400)
        sc.reactions = [Reaction(event: bytes("retry"), actions: [
            TimedAction(time: 0, action: .command(.status(node: bytes("feed"), status: Status(kind: .loading), transition: .none))),
            TimedAction(time: 1.5, action: .command(.status(node: bytes("feed"), status: nil, transition: .none))),
        ])]
        let s = Session(scene: sc)
        var error = Status(kind: .error)
        error.message = bytes("Failed")
        try s.perform(.status(node: bytes("feed"), status: error, transition: .none))
        let f = s.frame(at: 1)
        let retry = try #require(f.canvasItems.first { $0.text == bytes("Retry") })
        let x = Double(retry.x + retry.width / 2) / 8, y = Double(retry.y + retry.height / 2) / 8
        try s.input(.pointer(PointerEvent(phase: .down, x: x, y: y)))
        try s.input(.pointer(PointerEvent(phase: .up, x: x, y: y)))
        #expect(s.pendingEvents == [HostEvent(name: bytes("retry"), node: bytes("feed/status/action"))])
        #expect(texts(s.frame(at: 1.1)).contains("Loading…"))
        #expect(texts(s.frame(at: 2.4)).contains("Loading…"))
        #expect(texts(s.frame(at: 2.5)).isEmpty)
    }

    @Test func nothingOverflowsASmallHost() throws {
        let s = session(width: 200, height: 200)
        var st = Status(kind: .empty)
        st.title = bytes("A rather long title that has to wrap over lines")
        st.message = bytes(String(repeating: "A caption that goes on and on. ", count: 20))
        st.image = bytes("box"); st.actionTitle = bytes("Try again")
        try s.perform(.status(node: bytes("feed"), status: st, transition: .none))
        let f = s.frame(at: 0)
        let host = Rect(x: 20, y: 30, width: 200, height: 200)
        // Everything the status draws (all items after the host's own background and content).
        let first = try #require(f.canvasItems.firstIndex { $0.text == bytes("Real content") }) + 1
        for item in f.canvasItems[first...] {
            let r = Rect(x: Double(item.x) / 8, y: Double(item.y) / 8, width: Double(item.width) / 8, height: Double(item.height) / 8)
            #expect(r.x >= host.x - 0.01 && r.maxX <= host.maxX + 0.01 && r.y >= host.y - 0.01 && r.maxY <= host.maxY + 0.01,
                    "\(String(decoding: item.text, as: UTF8.self)) at \(r.x),\(r.y) \(r.width)x\(r.height)")
        }
    }

    @Test func onAWideHostTextWrapsWithinTheReadableWidthCentred() throws {
        let s = Session(scene: scene(view("root", children: [view("wide", background: .white)]), width: 1400, height: 600))
        var st = Status(kind: .error)
        st.message = bytes(String(repeating: "The server did not answer in time. ", count: 12))
        try s.perform(.status(node: bytes("wide"), status: st, transition: .none))
        let f = s.frame(at: 0)
        let lines = f.canvasItems.filter { $0.kind == .text && $0.text != bytes("Error") && $0.text != bytes("Retry") }
        #expect(lines.count >= 3, "the message wraps")
        let left = lines.map { Double($0.x) / 8 }.min() ?? 0
        let right = lines.map { Double($0.x + $0.width) / 8 }.max() ?? 0
        // Readable width 672 minus 16 pt padding each side, centred in 1400.
        #expect(right - left <= 640 + 0.01)
        #expect(right - left > 500, "lines use the readable width")
        #expect(abs((left + right) / 2 - 700) < 4, "centred")
    }

    @Test func crossDissolveFadesOldOutAndNewIn() throws {
        let s = session()
        _ = s.frame(at: 1)
        try s.perform(.status(node: bytes("feed"), status: Status(kind: .loading), transition: .crossDissolve(0.2)))
        #expect(!texts(s.frame(at: 1)).contains("Loading…"), "fully transparent at the start: not drawn")
        // The fade is declared once (ItemMotion): the frame as a host plays it.
        let mid = try #require(s.frame(at: 1.1).played(at: 1.1).canvasItems.first { $0.text == bytes("Loading…") })
        let end = try #require(s.frame(at: 1.2).played(at: 1.2).canvasItems.first { $0.text == bytes("Loading…") })
        #expect(mid.opacity > 0 && mid.opacity < 255)
        #expect(end.opacity == 255)
        try s.perform(.status(node: bytes("feed"), status: nil, transition: .crossDissolve(0.2)))
        #expect(texts(s.frame(at: 1.3)).contains("Loading…"), "still fading out")
        #expect(!texts(s.frame(at: 1.41)).contains("Loading…"))
    }

    @Test func unknownHostIsAnErrorAndChangesNothing() {
        let s = session()
        let before = s.frame(at: 0)
        #expect(throws: SessionError.self) {
            try s.perform(.status(node: bytes("nope"), status: Status(kind: .loading), transition: .none))
        }
        #expect(s.frame(at: 0) == before)
    }
}

@Suite struct SpinnerOverlayTests {
    func session() -> Session {
        Session(scene: scene(view("root", children: [view("card", frame: Rect(x: 100, y: 50, width: 200, height: 100))]),
                             width: 400, height: 300))
    }

    @Test func coversHostWithRadialBackdropAndCentredWhiteIndicator() throws {
        let s = session()
        try s.perform(.spinner(node: bytes("card"), show: true))
        let f = s.frame(at: 1)
        let backdrop = try #require(f.canvasItems.first { $0.kind == .rect })
        #expect(backdrop.x == Fixed.from(100) && backdrop.y == Fixed.from(50))
        #expect(backdrop.width == Fixed.from(200) && backdrop.height == Fixed.from(100))
        #expect(backdrop.opacity == 179) // 0.7
        guard case let .radial(cx, cy, r, stops)? = f.paint(of: backdrop.fill) else { Issue.record("not radial"); return }
        // Paints are in the space of the layer using them: the overlay's layer starts at the host's
        // corner (100, 50), so the host's centre (200, 100) is (100, 50) there.
        #expect(cx == Fixed.from(100) && cy == Fixed.from(50) && r == Fixed.from(80))
        #expect(stops == [GradientStop(offset: 0, color: Color(r: 102, g: 102, b: 102, a: 204)),
                          GradientStop(offset: 65535, color: Color(r: 26, g: 26, b: 26, a: 128))])
        let indicator = try #require(f.canvasItems.first { $0.kind == .activityIndicator })
        #expect(indicator.x + indicator.width / 2 == Fixed.from(200))
        #expect(indicator.y + indicator.height / 2 == Fixed.from(100))
        #expect(f.paint(of: indicator.fill) == .solid(.white))
    }

    @Test func fadesInAndOutOverQuarterSecondAndNeverStacks() throws {
        let s = session()
        _ = s.frame(at: 1)
        try s.perform(.spinner(node: bytes("card"), show: true))
        try s.perform(.spinner(node: bytes("card"), show: true))
        // The fade is declared once (ItemMotion): the frame as a host plays it.
        let frame = s.frame(at: 1.125)
        #expect(frame.played(at: 1.125).canvasItems.filter { $0.kind == .activityIndicator }.count == 1)
        #expect(s.frame(at: 1.2) == frame, "nothing sent while it fades")
        let half = try #require(frame.played(at: 1.125).canvasItems.first { $0.kind == .activityIndicator })
        #expect(half.opacity > 60 && half.opacity < 200)
        #expect(s.frame(at: 1.25).canvasItems.first { $0.kind == .activityIndicator }?.opacity == 255)
        try s.perform(.spinner(node: bytes("card"), show: false))
        #expect(s.frame(at: 1.4).canvasItems.contains { $0.kind == .activityIndicator })
        #expect(s.frame(at: 1.5).canvasItems.isEmpty)
    }

    @Test func indicatorStepsAnEighthTurnAtATime() throws {
        let s = session()
        try s.perform(.spinner(node: bytes("card"), show: true))
        // Declared once (ItemMotion): the frame holds still, and plays as each host draws it.
        let frame = s.frame(at: 0.5)
        #expect(s.frame(at: 0.5 + 1.0 / 8) == frame, "the same frame: nothing sent while it turns")
        let r0 = frame.played(at: 0.5).canvasItems.first { $0.kind == .activityIndicator }?.rotation
        let r1 = frame.played(at: 0.5 + 1.0 / 8).canvasItems.first { $0.kind == .activityIndicator }?.rotation
        #expect(r0 == Int32(4 * 8192))
        #expect(r1 == Int32(5 * 8192))
    }
}
