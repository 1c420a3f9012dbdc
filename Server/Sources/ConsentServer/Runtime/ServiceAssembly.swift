import AppStoreSignedData
import ConsentLedger
import Foundation
import ServerTime

/// The services behind every server-side command, built from one configuration: trust
/// anchors (Apple roots, and the local test CA in LocalTesting mode), the store and ledger,
/// the verifier, and the intake every signed notification goes through.
package final class ServiceAssembly: Sendable {
    package let configuration: ServerConfiguration
    package let ledger: Ledger
    package let verifier: SignedDataVerifier
    package let intake: NotificationIntake
    package let metrics: Metrics
    /// One line per trusted root with its SHA-256 fingerprint.
    package let trustSummary: [String]

    package init(
        configuration: ServerConfiguration, environment: [String: String],
        openStore: (String) throws(LedgerError) -> any LedgerStore, metrics: Metrics = Metrics()
    ) throws(ServerError) {
        self.configuration = configuration
        self.metrics = metrics
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw ServerError(
                .startupFailed,
                "cannot create the data directory \(configuration.dataDirectory): \(FileProblem.reason(error, making: configuration.dataDirectory))"
            )
        }
        var anchors: [TrustAnchor] = []
        var trustLines: [String] = []
        for path in configuration.appleRoots {
            guard let bytes = files.contents(atPath: path) else {
                throw ServerError.configuration("appleRootCertificates", "cannot read \(path)")
            }
            do {
                let anchor = try TrustAnchor(derOrPEM: [UInt8](bytes))
                anchors.append(anchor)
                trustLines.append("  trusted root \(path)  SHA-256 \(anchor.sha256Fingerprint)")
            } catch {
                throw ServerError.configuration("appleRootCertificates", "\(path): \(error.reason)")
            }
        }
        if configuration.localTesting {
            do {
                let ca = try LocalCertificateAuthority.loadOrCreate(directory: configuration.caDirectory)
                // Its key sits on disk: only payloads that say they are local tests may chain to it.
                anchors.append(ca.rootAnchor.restricted(to: [.localTesting, .xcode]))
                trustLines.append(
                    "  trusted local test CA (LocalTesting and Xcode only) \(configuration.caDirectory)  SHA-256 \(ca.rootAnchor.sha256Fingerprint)"
                )
            } catch {
                throw ServerError(.startupFailed, "cannot create or load the local test CA: \(error.reason)")
            }
        }
        trustSummary = trustLines
        do {
            ledger = try Ledger(
                store: try openStore(configuration.storeURL), forwarding: configuration.forwardingRules,
                commitDeadline: CommitDeadline(seconds: Double(configuration.commitTimeoutMilliseconds) / 1000))
        } catch {
            throw ServerError(
                .startupFailed, "cannot open the store \(StoreURL.redacted(configuration.storeURL)): \(error.reason)")
        }
        verifier = SignedDataVerifier(
            anchors: anchors, effectiveTime: .signedDate, cacheCapacity: 256,
            newChainsPerSecond: configuration.newChainsPerSecond)
        intake = NotificationIntake(
            verifier: verifier, apps: AppRegistry(configuration.apps), ledger: ledger, clock: SystemClock(),
            metrics: metrics)
    }

    package func close() { ledger.close() }
}

extension ServerConfiguration {
    /// The apps that forward events, as the ledger needs them to fill its outbox.
    var forwardingRules: ForwardingRules {
        ForwardingRules(
            Dictionary(
                uniqueKeysWithValues: apps.compactMap { app in
                    app.forwarding.map { (app.bundleId, ForwardingRules.Rule(allNotifications: $0.allNotifications)) }
                }))
    }

    /// Where each forwarding app's events go.
    var forwardingTargets: [String: Forwarder.Target] {
        Dictionary(
            uniqueKeysWithValues: apps.compactMap { app in
                guard let forwarding = app.forwarding, let url = URL(string: forwarding.url) else { return nil }
                return (
                    app.bundleId,
                    Forwarder.Target(
                        url: url, secret: forwarding.secret, previousSecret: forwarding.previousSecret,
                        previousSecretUntil: forwarding.previousSecretUntil,
                        timeoutSeconds: Double(forwarding.timeoutSeconds),
                        schedule: RetrySchedule(maxAttempts: forwarding.maxAttempts))
                )
            })
    }
}
