import Testing
@testable import VeilServer

/// `Admission`: which new WebSocket becomes which session, or is refused with which close.
struct AdmissionTests {
    var options: ServeOptions {
        var o = ServeOptions()
        o.maxConnections = 10
        o.maxConnectionsPerClient = 3
        o.maxRooms = 4
        o.maxRoomsPerClient = 2
        o.maxRoomViewers = 5
        return o
    }

    func decide(room: String? = nil, scene: Bool = true, _ load: Admission.Load) -> Admission.Decision {
        Admission(limits: .init(options)).decide(.init(scene: "feed", room: room, client: "127.0.0.9"), sceneExists: scene, load)
    }

    @Test func aPrivateSessionOrARoomWithinTheBounds() {
        #expect(decide(Admission.Load()) == .privateSession)
        #expect(decide(room: "r", Admission.Load()) == .openRoom)
        #expect(decide(room: "r", Admission.Load(viewersInRoom: 4)) == .joinRoom)
    }

    @Test func eachBoundRefusesWithItsCloseAndReason() {
        #expect(decide(Admission.Load(stopping: true)) == .refuse(status: 1001, reason: "server stopping"))
        #expect(decide(Admission.Load(connections: 10)) == .refuse(status: 1013, reason: "too many connections; try again later"))
        #expect(decide(Admission.Load(connectionsOfClient: 3))
                == .refuse(status: 1013, reason: "too many connections from 127.0.0.9 (3 per client); close some"))
        #expect(decide(scene: false, Admission.Load()) == .refuse(status: 1008, reason: "unknown scene \"feed\""))
        #expect(decide(room: "r", Admission.Load(viewersInRoom: 5))
                == .refuse(status: 1013, reason: "room \"r\" is full (5 viewers); try again later"))
        #expect(decide(room: "r", Admission.Load(rooms: 4)) == .refuse(status: 1013, reason: "too many rooms (4); try again later"))
        #expect(decide(room: "r", Admission.Load(roomsOpenedByClient: 2))
                == .refuse(status: 1013, reason: "too many rooms opened from 127.0.0.9 (2 per client)"))
    }

    /// Joining an open room is not opening one: the per-client rooms bound does not apply to it.
    @Test func joiningIsNotOpening() {
        #expect(decide(room: "r", Admission.Load(rooms: 4, roomsOpenedByClient: 2, viewersInRoom: 1)) == .joinRoom)
    }

    /// Property: whatever the load, a decision is refused exactly when some bound is reached.
    @Test func refusedExactlyWhenABoundIsReached() {
        for stopping in [false, true] {
            for connections in [0, 9, 10] {
                for ofClient in [0, 2, 3] {
                    for rooms in [0, 3, 4] {
                        for opened in [0, 1, 2] {
                            for viewers in [nil, 0, 4, 5] as [Int?] {
                                let load = Admission.Load(stopping: stopping, connections: connections, connectionsOfClient: ofClient,
                                                          rooms: rooms, roomsOpenedByClient: opened, viewersInRoom: viewers)
                                let full = stopping || connections >= 10 || ofClient >= 3
                                    || (viewers.map { $0 >= 5 } ?? (rooms >= 4 || opened >= 2))
                                if case .refuse = decide(room: "r", load) { #expect(full, "\(load)") } else { #expect(!full, "\(load)") }
                            }
                        }
                    }
                }
            }
        }
    }
}
