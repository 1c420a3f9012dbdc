import Synchronization

/// A socket bound and listening before the server is built around it, so that `serve` learns
/// the address is taken before it writes a database, a token or a CA. The one owner of the
/// descriptor until libmicrohttpd takes it (``handOver()``), which then closes it when it stops.
package final class ListeningSocket: Sendable {
    private let descriptor: Mutex<Int32>
    /// The bound port (the chosen one when asked for 0).
    package let port: UInt16
    let isIPv6: Bool

    /// Listens with the system's largest backlog, libmicrohttpd's own default.
    package init(host: String, port: UInt16) throws(ServerError) {
        let address = try ListenAddress(host: host, port: port)
        isIPv6 = address.isIPv6
        switch Platform.openListener(on: address) {
        case .success(let listener):
            self.port = listener.port
            descriptor = Mutex(listener.descriptor)
        case .failure(let error):
            let reason = error.duringBind ? Platform.bindProblem(error.code) : Platform.describe(error: error.code)
            throw .bindFailed(ListenAddress.display(host: host, port: port), reason)
        }
    }

    deinit {
        let socket = descriptor.withLock { $0 }
        if socket >= 0 { Platform.closeDescriptor(socket) }
    }

    /// The descriptor, given up: whoever takes it closes it.
    func handOver() -> Int32 {
        descriptor.withLock { socket in
            defer { socket = -1 }
            return socket
        }
    }
}
