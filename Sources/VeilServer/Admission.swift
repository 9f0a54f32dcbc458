/// Whether a new WebSocket becomes a session, and which: a pure function of the request and of
/// what the server holds, so every rule (stopping, the global and per-client bounds, unknown scenes,
/// full rooms) is tested without sockets (Tests/VeilServerTests/AdmissionTests.swift).
struct Admission: Sendable {
    /// What the viewer asked for: `/ws?scene=NAME[&room=ROOM]` from `client`'s address.
    struct Request: Sendable {
        var scene: String
        var room: String?
        var client: String
    }

    /// What the server holds when the request comes.
    struct Load: Sendable {
        var stopping = false
        var connections = 0
        var connectionsOfClient = 0
        var rooms = 0
        var roomsOpenedByClient = 0
        /// Viewers in the requested room, nil when it is not open.
        var viewersInRoom: Int? = nil
    }

    struct Limits: Sendable {
        var connections: Int
        var connectionsPerClient: Int
        var rooms: Int
        var roomsPerClient: Int
        var roomViewers: Int

        init(_ options: ServeOptions) {
            connections = options.maxConnections
            connectionsPerClient = options.maxConnectionsPerClient
            rooms = options.maxRooms
            roomsPerClient = options.maxRoomsPerClient
            roomViewers = options.maxRoomViewers
        }
    }

    enum Decision: Equatable {
        /// A private session of the scene (new, or the parked one the request's token names).
        case privateSession
        case joinRoom
        case openRoom
        /// Refused with this close, before any session exists.
        case refuse(status: UInt16, reason: String)
    }

    let limits: Limits

    func decide(_ request: Request, sceneExists: Bool, _ load: Load) -> Decision {
        func refuse(_ close: CloseRequest) -> Decision { .refuse(status: close.status, reason: close.reason) }
        if load.stopping { return refuse(.stopping) }
        if load.connections >= limits.connections { return refuse(.serverFull) }
        if load.connectionsOfClient >= limits.connectionsPerClient {
            return refuse(CloseRequest(status: 1013, reason: "too many connections from \(request.client) (\(limits.connectionsPerClient) per client); close some"))
        }
        guard sceneExists else { return refuse(CloseRequest(status: 1008, reason: "unknown scene \"\(request.scene)\"")) }
        guard let room = request.room else { return .privateSession }
        if let viewers = load.viewersInRoom {
            if viewers >= limits.roomViewers {
                return refuse(CloseRequest(status: 1013, reason: "room \"\(room)\" is full (\(limits.roomViewers) viewers); try again later"))
            }
            return .joinRoom
        }
        if load.rooms >= limits.rooms { return refuse(CloseRequest(status: 1013, reason: "too many rooms (\(limits.rooms)); try again later")) }
        if load.roomsOpenedByClient >= limits.roomsPerClient {
            return refuse(CloseRequest(status: 1013, reason: "too many rooms opened from \(request.client) (\(limits.roomsPerClient) per client)"))
        }
        return .openRoom
    }
}
