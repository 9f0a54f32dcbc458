import Testing
@testable import VeilCore

@Test func sessionProducesKeyframeThenNothing() {
    let s = Session(scene: Scene(root: Node(id: Array("root".utf8), kind: .view)))
    #expect(s.tick(at: 0) != nil)
    #expect(s.tick(at: 1) == nil)
}
