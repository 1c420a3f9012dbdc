import Synchronization

/// `http.maxConnectionsPerAddress` when trusted proxies are configured. libmicrohttpd's own
/// limit counts by the connection's address, so every client behind a proxy would share the
/// proxy's 64; here a direct connection counts against its address and each request a
/// trusted proxy forwards against the client it names, while the proxy's connections are
/// not limited.
final class AddressSlots: Sendable {
    private struct Counts {
        var held: [[UInt8]: Int] = [:]
        /// The address each direct connection took a slot for, by connection.
        var connections: [UInt: [UInt8]] = [:]
    }

    /// 0: no limit.
    let limit: Int
    private let counts = Mutex(Counts())

    init(limit: Int) { self.limit = limit }

    /// Whether `address` holds fewer than the limit (read at accept time, before the
    /// connection exists; ``take(_:connection:)`` decides).
    func hasRoom(_ address: [UInt8]) -> Bool {
        limit == 0 || counts.withLock { ($0.held[address] ?? 0) < limit }
    }

    /// Takes a slot for `address`, for `connection` when given (released by
    /// ``closed(_:)``), else for a forwarded request (released by ``give(_:)``); false when
    /// the address already holds the limit.
    func take(_ address: [UInt8], connection: UInt? = nil) -> Bool {
        guard limit > 0 else { return true }
        return counts.withLock { counts in
            let held = counts.held[address] ?? 0
            guard held < limit else { return false }
            counts.held[address] = held + 1
            if let connection { counts.connections[connection] = address }
            return true
        }
    }

    func give(_ address: [UInt8]) {
        guard limit > 0 else { return }
        counts.withLock { Self.release(address, in: &$0) }
    }

    /// A direct connection closed: its slot, if it took one, is free.
    func closed(_ connection: UInt) {
        guard limit > 0 else { return }
        counts.withLock { counts in
            guard let address = counts.connections.removeValue(forKey: connection) else { return }
            Self.release(address, in: &counts)
        }
    }

    private static func release(_ address: [UInt8], in counts: inout Counts) {
        let held = (counts.held[address] ?? 1) - 1
        counts.held[address] = held > 0 ? held : nil
    }
}
