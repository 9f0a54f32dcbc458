import VeilCore

/// `{"export": "svg"}`: the frame shown, drawn as SVG by the core, answered as `{"svg": "…"}`. An
/// answer can be megabytes, so it is bounded like a connection is (docs/SERVER.md, "Limits"): one
/// export per viewer from its ask until its answer has left the socket (an ask meanwhile is kept
/// and answered then: one flag), a few per client address at once, and a size per answer. A viewer
/// that asks and never reads holds one answer, not a queue.
extension ViewerHub {
    /// Exports one client address may have asked for and not yet read, over all its connections.
    static let maxExportsPerClient = 4
    /// The largest SVG an export answers with (the heaviest accepted frames draw a few MB).
    static let maxExportBytes = 8 << 20

    /// A viewer asks for the frame as SVG; refused (in its overlay) past the bounds above.
    func askExport(_ connection: Connection) {
        let owner = connection.owner
        if connection.exportOwed {
            connection.exportAskedAgain = true
            return
        }
        guard exportsByClient[connection.client, default: 0] < Self.maxExportsPerClient else {
            return refuseExport(connection, "\(Self.maxExportsPerClient) exports asked from \(connection.client) are not read yet (\(Self.maxExportsPerClient) per client)")
        }
        connection.exportOwed = true
        exportsByClient[connection.client, default: 0] += 1
        owner.book.work.exportSVG = owner.book.scrubbedTo.map { .at($0) } ?? .live
        owner.book.exportTo.insert(connection.id)
        schedule(owner)
    }

    /// The session drew the SVG (nil: no frame to draw): each viewer that asked gets it, or why not.
    func answerExports(_ svg: SessionResult.SVG?, of owner: any SessionOwner, viewers: [Connection]) {
        for viewer in viewers where owner.book.exportTo.contains(viewer.id) {
            guard let svg else {
                refuseExport(viewer, "no frame to export at this time")
                exportAnswered(viewer)
                continue
            }
            guard let json = svg.json else {
                refuseExport(viewer, "the frame's SVG is \(svg.bytes >> 20) MiB, more than an export's \(Self.maxExportBytes >> 20) MiB")
                exportAnswered(viewer)
                continue
            }
            viewer.post("svg", json)
            transport.wake(viewer.socket)
        }
        owner.book.exportTo = []
    }

    /// The viewer's export is done with (its answer left the socket, it was refused, or the viewer
    /// went): it no longer counts against its bounds, and an ask that came meanwhile is taken up.
    func exportAnswered(_ connection: Connection) {
        guard connection.exportOwed else { return }
        connection.exportOwed = false
        connection.answerSending = false
        exportsByClient[connection.client, default: 1] -= 1
        if exportsByClient[connection.client] == 0 { exportsByClient[connection.client] = nil }
        if connection.exportAskedAgain {
            connection.exportAskedAgain = false
            if connection.closeRequest == nil, connections[connection.socket] === connection { askExport(connection) }
        }
    }

    private func refuseExport(_ connection: Connection, _ why: String) {
        connection.noteRefused(["export: \(why)"])
        transport.wake(connection.socket)
    }
}
