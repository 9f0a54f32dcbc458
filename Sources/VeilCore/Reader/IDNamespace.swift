/// The ids of one namespace as they are read: the scene's, a row template's, a status view's.
/// Ids must be unique in it; and since the session derives ids from them — rows
/// "<list>/<row>/<id>", status views "<host>/status…", spinners "<host>/spinner…" — an id written
/// in the file may not take one of those forms either, so every id a frame holds is unique by
/// construction (docs/SCENE.md, "Ids").
struct IDNamespace {
    /// Every id, explicit or derived → where it was first used.
    var ids = KeyTable<[UInt8], Int>()
    /// Ids of the lists.
    var lists = KeyTable<[UInt8], Bool>()
    /// Ids written in the file, with where.
    var explicit: [(id: [UInt8], offset: Int)] = []

    /// The first explicit id that reads as one the session derives: the id and what it would clash with.
    func firstReservedID() -> (id: [UInt8], offset: Int, owner: [UInt8], what: [UInt8])? {
        for (id, offset) in explicit {
            var i = 0
            while i < id.count {
                if id[i] == UInt8(ascii: "/") && i > 0 {
                    let owner = Array(id[..<i])
                    let rest = id[(i + 1)...]
                    if Self.startsWithRowNumber(rest), lists[owner] != nil {
                        return (id, offset, owner, utf8("a row of list"))
                    }
                    if (Self.starts(rest, with: Self.status) || Self.starts(rest, with: Self.spinner)), ids[owner] != nil {
                        return (id, offset, owner, utf8("a status or spinner view over"))
                    }
                }
                i += 1
            }
        }
        return nil
    }

    private static let status: [UInt8] = utf8("status")
    private static let spinner: [UInt8] = utf8("spinner")

    /// `bytes` is `word`, or `word` then "/" or "~" and more (a view's descendants, a leaving view).
    private static func starts(_ bytes: ArraySlice<UInt8>, with word: [UInt8]) -> Bool {
        guard bytes.count >= word.count, zip(bytes, word).allSatisfy({ $0 == $1 }) else { return false }
        let next = bytes.dropFirst(word.count).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "~")
    }

    /// "<digits>/…" or "<digits>": how a row instance's id goes on after its list's.
    private static func startsWithRowNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
        var digits = 0
        for b in bytes {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digits += 1; continue }
            return digits > 0 && b == UInt8(ascii: "/")
        }
        return digits > 0
    }
}

extension ReaderContext {
    /// Reads `body` with ids in a namespace of their own (a row template, a status view), then
    /// checks that namespace and goes back to the one before.
    func inNamespace<T>(_ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        let outer = namespace
        namespace = IDNamespace()
        let result = try body()
        try checkNamespace()
        namespace = outer
        return result
    }

    /// Refuses an explicit id that reads as one the session derives.
    func checkNamespace() throws(SceneError) {
        guard let clash = namespace.firstReservedID() else { return }
        throw error(at: clash.offset,
                    "id \"\(display(clash.id))\" reads as an id the session derives for \(clash.what) \"\(display(clash.owner))\"; choose another")
    }
}
