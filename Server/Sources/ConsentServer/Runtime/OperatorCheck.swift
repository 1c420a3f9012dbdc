import AppStoreSignedData
import ConsentLedger
import Foundation
import ServerTime

/// What `agekit check` verifies, and `serve` before it starts: each part of a configuration
/// that can be wrong on a bad day, with a verdict, without serving and without writing a
/// file. The store URL appears only redacted.
package struct OperatorCheck: Sendable {
    package struct Verdict: Sendable, Equatable {
        package enum Outcome: String, Sendable { case ok, warn, fail }
        package let outcome: Outcome
        package let subject: String
        package let detail: String

        package init(outcome: Outcome, subject: String, detail: String) {
            self.outcome = outcome
            self.subject = subject
            self.detail = detail
        }

        package var line: String {
            let mark = outcome == .fail ? "FAIL" : outcome.rawValue
            return mark.padding(toLength: 6, withPad: " ", startingAt: 0)
                + subject.padding(toLength: 15, withPad: " ", startingAt: 0) + detail
        }
    }

    package let configuration: ServerConfiguration
    package let environment: [String: String]
    package let openStore: @Sendable (String) throws(LedgerError) -> any LedgerStore
    /// What rotation windows and import ages are measured against.
    package let clock: any ServerClock

    package init(
        configuration: ServerConfiguration, environment: [String: String],
        openStore: @escaping @Sendable (String) throws(LedgerError) -> any LedgerStore,
        clock: any ServerClock = SystemClock()
    ) {
        self.configuration = configuration
        self.environment = environment
        self.openStore = openStore
        self.clock = clock
    }

    /// Every verdict; `listen` false when the caller binds the addresses itself next.
    package func run(listen: Bool = true) -> [Verdict] {
        var verdicts: [Verdict] = []
        if listen { verdicts += listenAddresses() }
        verdicts += store()
        verdicts += roots()
        verdicts.append(tls())
        verdicts.append(adminToken())
        verdicts += secrets()
        return verdicts
    }

    func listenAddresses() -> [Verdict] {
        var places = [(configuration.host, configuration.port, "listen")]
        if let admin = configuration.adminHost { places.append((admin, configuration.adminPort, "admin listen")) }
        var held: [ListeningSocket] = []  // all held together: two listeners on one port fail
        return places.map { host, port, subject in
            let place = ListenAddress.display(host: host, port: port)
            do throws(ServerError) {
                held.append(try ListeningSocket(host: host, port: port))
                return Verdict(outcome: .ok, subject: subject, detail: "\(place) can be bound")
            } catch {
                return Verdict(outcome: .fail, subject: subject, detail: error.reason)
            }
        }
    }

    func store() -> [Verdict] {
        let url = configuration.storeURL
        let shown = StoreURL.redacted(url)
        if case .sqlite(let path)? = try? StoreURL(parsing: url, environment: environment),
            path != ":memory:", !FileManager.default.fileExists(atPath: path)
        {
            return [missingSQLiteFile(path, shown: shown)]
        }
        let opened: any LedgerStore
        do {
            opened = try openStore(url)
        } catch {
            return [Verdict(outcome: .fail, subject: "store", detail: "cannot open \(shown): \(error.reason)")]
        }
        defer { opened.close() }
        do {
            let status = try SchemaStatus.read(opened)
            if let newest = status.applied.max(), let known = LedgerSchema.migrations.last?.version, newest > known {
                return [
                    Verdict(
                        outcome: .fail, subject: "migrations",
                        detail: "\(shown) has schema version \(newest), newer than this agekit knows (\(known))")
                ]
            }
            let pending = status.pending.map { "\($0.version) \($0.name)" }
            let imports =
                status.applied.contains(StoreImportRecord.migrationVersion)
                ? try StoreImportRecord.all(in: opened) : []
            return [
                Verdict(outcome: .ok, subject: "store", detail: "\(shown) opens"),
                Verdict(
                    outcome: .ok, subject: "migrations",
                    detail: pending.isEmpty
                        ? "\(status.applied.count) applied, none pending"
                        : "\(status.applied.count) applied, pending (serve applies them): \(pending.joined(separator: ", "))"
                ),
            ] + storeImports(imports)
        } catch {
            return [Verdict(outcome: .fail, subject: "store", detail: "cannot read \(shown): \(error.reason)")]
        }
    }

    /// A file serve would create: fine when its directory exists or is the data directory.
    private func missingSQLiteFile(_ path: String, shown: String) -> Verdict {
        let directory = (path as NSString).deletingLastPathComponent
        let standardized = { (path: String) in (path.isEmpty ? "." : path as NSString).standardizingPath }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(
            atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue || standardized(directory) == standardized(configuration.dataDirectory) {
            return Verdict(outcome: .ok, subject: "store", detail: "\(shown) does not exist yet: serve creates it")
        }
        return Verdict(
            outcome: .fail, subject: "store",
            detail: "cannot open \(shown): the directory \(directory) does not exist")
    }

    func roots() -> [Verdict] {
        var verdicts = configuration.appleRoots.map { path -> Verdict in
            guard let bytes = FileManager.default.contents(atPath: path) else {
                let reason = FileProblem.unreadable(path) ?? "the read failed"
                return Verdict(outcome: .fail, subject: "root", detail: "cannot read \(path): \(reason)")
            }
            do throws(VerificationError) {
                let anchor = try TrustAnchor(derOrPEM: [UInt8](bytes))
                return Verdict(outcome: .ok, subject: "root", detail: "\(path)  SHA-256 \(anchor.sha256Fingerprint)")
            } catch {
                return Verdict(outcome: .fail, subject: "root", detail: "\(path): \(error.reason)")
            }
        }
        if configuration.appleRoots.isEmpty {
            verdicts.append(
                configuration.localTesting
                    ? Verdict(outcome: .warn, subject: "roots", detail: "none: only the local test CA is trusted")
                    : Verdict(outcome: .fail, subject: "roots", detail: "no appleRootCertificates outside LocalTesting")
            )
        }
        return verdicts
    }

    func tls() -> Verdict {
        guard let files = configuration.tls else {
            let local = ["127.0.0.1", "localhost", "::1"].contains(configuration.host)
            return Verdict(
                outcome: local ? .ok : .warn, subject: "tls",
                detail: local ? "plain HTTP on loopback" : "plain HTTP on a public address: Apple posts only to HTTPS")
        }
        do {
            let pair = try TLSFiles(certificatePath: files.certificate, keyPath: files.key)
            if let problem = pair.validationError() {
                return Verdict(outcome: .fail, subject: "tls", detail: problem.reason)
            }
            return Verdict(outcome: .ok, subject: "tls", detail: "\(files.certificate) and \(files.key)")
        } catch {
            return Verdict(outcome: .fail, subject: "tls", detail: error.reason)
        }
    }

    func adminToken() -> Verdict {
        if let token = environment["AGEKIT_ADMIN_TOKEN"] {
            return token.count >= ServerRuntime.minimumTokenLength
                ? Verdict(outcome: .ok, subject: "admin token", detail: "from AGEKIT_ADMIN_TOKEN")
                : Verdict(
                    outcome: .fail, subject: "admin token",
                    detail:
                        "AGEKIT_ADMIN_TOKEN: use at least \(ServerRuntime.minimumTokenLength) characters (it has \(token.count))"
                )
        }
        guard configuration.localTesting else {
            return Verdict(
                outcome: .fail, subject: "admin token",
                detail: "AGEKIT_ADMIN_TOKEN is required outside LocalTesting mode")
        }
        let path = configuration.adminTokenFile
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else {
            return Verdict(
                outcome: .ok, subject: "admin token", detail: "\(path) does not exist yet: serve generates it")
        }
        guard mode & 0o077 == 0 else {
            return Verdict(
                outcome: .fail, subject: "admin token",
                detail: "\(path) has mode \(String(mode, radix: 8)): others can read it (chmod 600)")
        }
        return Verdict(outcome: .ok, subject: "admin token", detail: "\(path), mode \(String(mode, radix: 8))")
    }

    /// A rotation in its window signs with both secrets; past it, only the current one, and
    /// the previous one can go.
    func rotation(_ bundleId: String, until: Int64) -> Verdict {
        let end = Date(timeIntervalSince1970: Double(until) / 1000).formatted(.iso8601)
        return until > clock.now()
            ? Verdict(
                outcome: .ok, subject: "secret",
                detail: "\(bundleId): rotating, events signed with the secret and previousSecret until \(end)")
            : Verdict(
                outcome: .warn, subject: "secret",
                detail: "\(bundleId): previousSecretUntil \(end) has passed: events are signed with secret alone; "
                    + "remove previousSecret")
    }

    func secrets() -> [Verdict] {
        configuration.apps.flatMap { app -> [Verdict] in
            var verdicts: [Verdict] = []
            if let forwarding = app.forwarding {
                verdicts.append(
                    forwarding.secret.isEmpty
                        ? Verdict(
                            outcome: .fail, subject: "secret", detail: "\(app.bundleId): the forwarding secret is empty"
                        )
                        : Verdict(outcome: .ok, subject: "secret", detail: "\(app.bundleId): forwarding secret set"))
                if let until = forwarding.previousSecretUntil { verdicts.append(rotation(app.bundleId, until: until)) }
            }
            if let api = app.api {
                verdicts.append(
                    FileProblem.unreadable(api.privateKey).map { reason in
                        Verdict(
                            outcome: .fail, subject: "api key",
                            detail: "\(app.bundleId): cannot read \(api.privateKey): \(reason)")
                    } ?? Verdict(outcome: .ok, subject: "api key", detail: "\(app.bundleId): \(api.privateKey)"))
            }
            return verdicts
        }
    }
}
