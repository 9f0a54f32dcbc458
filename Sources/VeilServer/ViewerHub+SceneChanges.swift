import VeilCore

extension ViewerHub {
    /// Scene files that changed: read off this thread (`SceneReloads`), then every viewer of a
    /// changed scene gets a patch to its new version (component state kept by node id; the session
    /// replaces its scene at its next job), or, when it does not read, the error as a notice while
    /// the last good version stays live; a new file in a served folder joins /scenes.
    func applySceneChanges() {
        guard let watcher, let reloads else { return }
        reloads.read(watcher.take())
        for (path, read) in reloads.take() {
            guard let change = catalog.reload(file: path, read: read) else { continue }
            switch change {
            case let .updated(name, scene):
                logger.info("scene \(name) reloaded from \(path)")
                let nodes = catalog.entry(named: name)?.nodesJSON ?? "[]"
                for connection in connections.values where connection.sceneName == name && connection.closeRequest == nil {
                    if connection.wantsDescription {
                        connection.post("nodes", nodes)
                        connection.post("tree", catalog.entry(named: name)?.treeJSON ?? "[]")
                    }
                    if connection.shownError != nil { connection.setNotice(error: nil) }
                    if connection.hasNotice { transport.wake(connection.socket) }
                }
                for owner in owners.values where owner.sceneName == name {
                    owner.book.work.scene = scene
                    owner.book.work.keepsSize = owner.book.viewerResized
                    schedule(owner)
                }
            case let .failed(name, error):
                logger.warning("scene \(name) not reloaded, the last good version stays: \(error)")
                for connection in connections.values where connection.sceneName == name && connection.closeRequest == nil {
                    connection.setNotice(error: error)
                    transport.wake(connection.socket)
                }
            case let .added(name):
                logger.info("scene \(name) added from \(path)")
                scenesChanged(Array(catalog.namesJSON.utf8))
            case let .refused(_, error):
                logger.warning("not served: \(error)")
            }
        }
    }
}
