import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport

extension CrashTrial {
    func startServer() throws -> (ServerProcess, [String]) {
        switch store {
        case .sqlite:
            return (try ServerProcess(), [])
        case .postgres:
            guard let url = PostgresDatabase.url else { throw PostgresDatabase.MissingDatabase() }
            let schema = "crash_\(index)_\(UUID().uuidString.prefix(8).lowercased())"
            guard try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(schema)"]) == 0 else {
                throw PostgresDatabase.MissingDatabase()
            }
            let arguments = ["--store", url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"]
            return (try ServerProcess(extraArguments: arguments), arguments)
        }
    }

    /// The account a registration of `appTransactionId` links: the same in the load and in
    /// the checks, so that registering again after the restart is idempotent.
    static func account(for appTransactionId: String) -> String { "acct-\(appTransactionId)" }

    /// The requests of the load, in the order they are sent.
    func load(ca: LocalCertificateAuthority, tag: String, registered: [String], parked: [String]) throws -> [Operation]
    {
        let count: Int
        switch moment {
        case .walRestart: count = 6_000
        case .parkedRegistration: count = 300
        case .random, .failedWrite: count = 1_200
        }
        var operations: [Operation] = []
        operations.reserveCapacity(count)
        var parkedLeft = parked[...]
        for number in 0..<count {
            let uuid = UUID().uuidString.lowercased()  // the receiver takes canonical UUIDs only
            let slot = moment == .walRestart ? number % 3 : number % 6
            if moment == .parkedRegistration, number % 2 == 0, let appTransactionId = parkedLeft.popFirst() {
                operations.append(try registration(ca, appTransactionId))
                continue
            }
            if moment == .failedWrite, number % 4 == 3 {
                operations.append(
                    Operation(
                        kind: .restoreUnknown, uuid: uuid, appTransactionId: "", accountId: "nobody-\(tag)-\(number)",
                        body: Data(#"{"actor": "crash-trial", "reason": "an account that does not exist"}"#.utf8)))
                continue
            }
            switch slot {
            case 0, 1:
                let type = slot == 0 ? "SUBSCRIBED" : "TEST"
                let jws = try SimulatedPayloads.notification(
                    type: type, subtype: slot == 0 ? "INITIAL_BUY" : nil, bundleId: Self.bundleId,
                    environment: .localTesting, appTransactionId: "AT-\(tag)-S\(number)", notificationUUID: uuid, ca: ca
                )
                operations.append(try notification(.notification, uuid, "", jws))
            case 2:
                // A revocation of a registered account, or one parked for a later registration.
                let appTransactionId = number % 12 == 2 ? registered[number % registered.count] : "AT-\(tag)-U\(number)"
                operations.append(
                    try notification(.rescind, uuid, appTransactionId, try rescind(ca, appTransactionId, uuid)))
            case 3:
                operations.append(try registration(ca, "AT-\(tag)-N\(number)"))
            case 4:
                // Registering an app transaction revoked moments ago (parked, or not yet).
                operations.append(try registration(ca, "AT-\(tag)-U\(number - 2)"))
            default:
                if let appTransactionId = parkedLeft.popFirst() {
                    operations.append(try registration(ca, appTransactionId))
                } else {
                    let jws = try rescind(ca, "AT-\(tag)-V\(number)", uuid)
                    operations.append(try notification(.rescind, uuid, "AT-\(tag)-V\(number)", jws))
                }
            }
        }
        return operations
    }

    private func notification(
        _ kind: Operation.Kind, _ uuid: String, _ appTransactionId: String, _ jws: String
    ) throws
        -> Operation
    {
        Operation(
            kind: kind, uuid: uuid, appTransactionId: appTransactionId, accountId: "",
            body: try JSONSerialization.data(withJSONObject: ["signedPayload": jws]))
    }

    private func registration(_ ca: LocalCertificateAuthority, _ appTransactionId: String) throws -> Operation {
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: appTransactionId, bundleId: Self.bundleId, environment: .localTesting, ca: ca)
        let account = Self.account(for: appTransactionId)
        return Operation(
            kind: .registration, uuid: "", appTransactionId: appTransactionId, accountId: account,
            body: try JSONSerialization.data(withJSONObject: ["accountId": account, "signedAppTransaction": signed]))
    }

    /// Sends the operations, 16 at a time, and records what was answered 200.
    func send(_ operations: [Operation], to server: ServerProcess, acknowledged: AcknowledgedLog) async {
        await withTaskGroup(of: Void.self) { group in
            var next = operations.makeIterator()
            func add(_ operation: Operation) {
                group.addTask {
                    guard let answer = try? await deliver(operation, to: server) else {
                        acknowledged.state.withLock { $0.unanswered += 1 }
                        return
                    }
                    switch operation.kind {
                    case .notification where answer.status == 200:
                        acknowledged.state.withLock { _ = $0.notifications.insert(operation.uuid) }
                    case .rescind where answer.status == 200:
                        acknowledged.state.withLock {
                            $0.notifications.insert(operation.uuid)
                            $0.revocations.insert(operation.appTransactionId)
                        }
                    case .registration where answer.status == 200:
                        acknowledged.state.withLock {
                            $0.registrations[operation.accountId] = operation.appTransactionId
                        }
                    default: break
                    }
                }
            }
            for _ in 0..<16 { if let operation = next.next() { add(operation) } }
            while await group.next() != nil {
                guard server.process.isRunning else { continue }
                if let operation = next.next() { add(operation) }
            }
        }
    }

    private func deliver(_ operation: Operation, to server: ServerProcess) async throws -> ServerProcess.Response {
        switch operation.kind {
        case .notification, .rescind:
            return try await server.request("POST", "/v2/notifications", body: operation.body)
        case .registration:
            return try await server.request(
                "POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: operation.body, admin: true)
        case .restoreUnknown:
            return try await server.request(
                "POST", "/v1/apps/\(Self.bundleId)/accounts/\(operation.accountId)/restore", body: operation.body,
                admin: true)
        }
    }

    /// Kills the server at the trial's moment; returns the seconds since the load started.
    func killServer(_ server: ServerProcess, started: ContinuousClock.Instant) async throws -> Double {
        switch moment {
        case .walRestart:
            let wal = server.databasePath + "-wal"
            var first: [UInt8]?
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline, server.process.isRunning {
                // Armed once the WAL holds some 3,000 pages: the restart that follows is the one
                // the checkpointer asks for under load. Bytes 16-23 of the WAL header are its
                // salts: new ones mark the restart.
                if let handle = FileHandle(forReadingAtPath: wal) {
                    let header = handle.readData(ofLength: 24)
                    let size = (try? handle.seekToEnd()) ?? 0
                    try? handle.close()
                    if header.count == 24 {
                        let salts = Array(header.suffix(8))
                        if first == nil, size > 12 << 20 { first = salts } else if let first, salts != first { break }
                    }
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        case .parkedRegistration:
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...600)))
        case .random, .failedWrite:
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...1_200)))
        }
        kill(server.process.processIdentifier, SIGKILL)
        let elapsed = (ContinuousClock.now - started).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
