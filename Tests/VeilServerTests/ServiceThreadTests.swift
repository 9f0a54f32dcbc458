import Foundation
import Synchronization
import Testing
@testable import VeilServer

/// The hub's entries assert the service thread (`ServiceThread`): here with a handler that reports
/// instead of stopping the process.
struct ServiceThreadTests {
    /// Something handed to another thread on purpose: the call this test expects to be reported.
    struct OffThread<T>: @unchecked Sendable { let value: T }

    final class Reports: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// The viewer's socket (made where it is used: a handle is not Sendable).
    static var viewer: ViewerSocket { ViewerSocket(handle: OpaquePointer(bitPattern: 1)!) }

    /// Runs `body` on a thread of its own and waits for it.
    func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread { body(); done.signal() }.start()
        done.wait()
    }

    @Test func theFirstEntryRecordsTheThreadAndOthersAreReported() throws {
        let reports = Reports()
        let transport = ViewerHubTests.RecordingTransport()
        let hub = try ViewerHubTests.hub(transport, serviceThread: ServiceThread { reports.add($0) })
        let socket = Self.viewer
        #expect(hub.open(socket, ViewerRequest(scene: "card", client: "127.0.0.2")) == nil)
        hub.timerFired()
        _ = hub.nextFrame(for: socket)
        #expect(reports.all.isEmpty)
        let offThread = OffThread(value: hub)
        onAnotherThread { offThread.value.wokenUp() }
        onAnotherThread { offThread.value.heard(Self.viewer) }
        #expect(reports.all == ["ViewerHub.wokenUp() called off the service thread",
                                "ViewerHub.heard(_:) called off the service thread"])
        // Back on the service thread: nothing more to report.
        hub.closed(socket)
        #expect(reports.all.count == 2)
    }

    @Test func everyEntryTheTransportCallsAsserts() throws {
        let reports = Reports()
        let transport = ViewerHubTests.RecordingTransport()
        let thread = ServiceThread { reports.add($0) }
        thread.assertOnServiceThread("claim")  // this test's thread is the service thread
        let hub = OffThread(value: try ViewerHubTests.hub(transport, serviceThread: thread))
        onAnotherThread {
            let hub = hub.value, socket = Self.viewer
            _ = hub.open(socket, ViewerRequest(scene: "card", client: "127.0.0.2"))
            hub.receive(socket, message: Array("{\"keyframe\": true}".utf8))
            hub.reject(socket, .tooLarge)
            hub.heard(socket)
            _ = hub.nextFrame(for: socket)
            hub.writeFailed(socket)
            _ = [UInt8]().withUnsafeBytes { hub.peerClosed(socket, $0) }
            hub.closed(socket)
            hub.timerFired()
            hub.wokenUp()
            hub.stop()
        }
        let entries = reports.all.map { $0.replacingOccurrences(of: " called off the service thread", with: "") }
        #expect(entries == ["ViewerHub.open(_:_:)", "ViewerHub.receive(_:message:)", "ViewerHub.reject(_:_:)", "ViewerHub.heard(_:)",
                            "ViewerHub.nextFrame(for:)", "ViewerHub.writeFailed(_:)", "ViewerHub.peerClosed(_:_:)",
                            "ViewerHub.closed(_:)", "ViewerHub.timerFired()", "ViewerHub.wokenUp()", "ViewerHub.stop()"])
    }
}
