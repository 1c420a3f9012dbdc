import AppStoreSignedData
import ConsentLedger
import Foundation

/// `agekit serve` put together: the services of ``ServiceAssembly`` behind the HTTP
/// server. Prints a short startup summary.
package final class ServerRuntime: Sendable {
    package let services: ServiceAssembly
    package let server: HTTPServer
    /// The admin API's own listener, when `admin.listen` is configured.
    package let adminServer: HTTPServer?
    package let responder: ConsentResponder
    private let requestLog: RequestLog
    /// Held while serving: a second `serve` on the same SQLite file is refused.
    private let storeLock: StoreLock?
    /// Present when an app forwards events to its backend.
    package let forwarder: Forwarder?
    /// Scheduled notification history recovery, when an app configures `historySync`.
    package let recovery: HistorySyncSchedule?
    /// Scheduled attribution through the App Store Server API, when an app has an `api` key.
    package let attribution: AttributionSchedule?
    /// Scheduled pruning (`retention`), unless turned off.
    package let retention: RetentionSchedule?
    package var ledger: Ledger { services.ledger }
    package var configuration: ServerConfiguration { services.configuration }

    /// Starts serving; throws with a clear message when anything is missing or wrong. The
    /// request log goes to standard error unless `requestLog` says otherwise.
    package init(
        configuration: ServerConfiguration, environment: [String: String],
        openStore: (String) throws(LedgerError) -> any LedgerStore, requestLog: RequestLog? = nil,
        say: (String) -> Void
    ) throws(ServerError) {
        let appleSources = configuration.appleSources
        // Bound before anything is written: an address in use leaves no database, token or CA behind.
        let listeners = try Self.bindListeners(configuration)
        services = try ServiceAssembly(configuration: configuration, environment: environment, openStore: openStore)
        storeLock = try StoreLock.take(configuration.storeURL)
        let (token, tokenLine) = try Self.adminToken(configuration, environment: environment)
        let ledger = services.ledger
        self.requestLog =
            requestLog ?? RequestLog(.standardError, refusalsPerSecond: configuration.loggedRefusalsPerSecond)
        // The one intake: notifications posted here and those history sync fetches.
        responder = ConsentResponder(
            intake: services.intake, adminToken: token, log: self.requestLog, freshness: configuration.freshness,
            metricsRequireToken: configuration.metricsRequireToken, appleSources: appleSources)

        do {
            recovery = try HistorySyncSchedule(
                apps: configuration.apps, intake: services.intake,
                say: { line in LineWriter.standardError.write(Array(("agekit serve: " + line).utf8)) })
            attribution = try AttributionSchedule(
                apps: configuration.apps, verifier: services.verifier, ledger: ledger,
                say: { line in LineWriter.standardError.write(Array(("agekit serve: " + line).utf8)) })
        } catch {
            ledger.close()
            throw error
        }

        var tls: TLSFiles?
        if let files = configuration.tls {
            do {
                tls = try TLSFiles(certificatePath: files.certificate, keyPath: files.key)
            } catch {
                ledger.close()
                throw ServerError.configuration("tls", error.reason)
            }
        }
        if let expiry = tls?.certificateExpiry {
            services.metrics.gauge(
                "agekit_tls_certificate_expiry_timestamp_seconds",
                help: "When the served TLS certificate expires (Unix time); the files are read at start."
            ) { Double(expiry) }
        }
        retention = RetentionSchedule(
            ledger: ledger, retention: configuration.retention,
            say: { line in LineWriter.standardError.write(Array(("agekit serve: " + line).utf8)) })
        let targets = configuration.forwardingTargets
        forwarder = targets.isEmpty ? nil : Forwarder(ledger: ledger, targets: targets, metrics: services.metrics)
        let limits = configuration.limits
        var publicConfiguration = HTTPServerConfiguration(
            host: configuration.host, port: configuration.port, threads: limits.threads,
            maxBodyBytes: limits.maxBodyBytes, memoryPerConnectionBytes: limits.memoryPerConnectionBytes,
            maxConnections: limits.maxConnections, idleTimeoutSeconds: limits.idleTimeoutSeconds,
            requestHeadTimeoutSeconds: limits.requestHeadTimeoutSeconds,
            minBodyBytesPerSecond: limits.minBodyBytesPerSecond,
            maxConnectionsPerAddress: limits.maxConnectionsPerAddress, tls: tls)
        publicConfiguration.allowedSources = configuration.allowedSources
        publicConfiguration.listeningSocket = listeners.main
        if let adminHost = configuration.adminHost {
            server = HTTPServer(
                configuration: publicConfiguration, responder: ScopedResponder(inner: responder, scope: .publicOnly))
            var adminConfiguration = publicConfiguration
            (adminConfiguration.host, adminConfiguration.port) = (adminHost, configuration.adminPort)
            adminConfiguration.allowedSources = .any
            adminConfiguration.tls = nil
            adminConfiguration.listeningSocket = listeners.admin
            adminServer = HTTPServer(
                configuration: adminConfiguration, responder: ScopedResponder(inner: responder, scope: .adminOnly))
        } else {
            server = HTTPServer(configuration: publicConfiguration, responder: responder)
            adminServer = nil
        }
        StoreImportGauges.register(on: services.metrics, ledger: ledger, apps: configuration.apps)
        services.metrics.gauge(
            "agekit_http_requests_in_flight",
            help: "Requests whose head arrived and that are not answered yet, this scrape included."
        ) { [server, adminServer] in Double(server.requestsInFlight + (adminServer?.requestsInFlight ?? 0)) }
        do {
            try server.start()
            try adminServer?.start()
        } catch {
            server.stop(drainTimeoutSeconds: 0)
            ledger.close()
            throw ServerError(.startupFailed, error.description)
        }

        let scheme = tls == nil ? "http" : "https"
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        say("agekit serve listening on \(scheme)://\(host):\(server.port)  (POST /v2/notifications)")
        if let adminServer, let adminHost = configuration.adminHost {
            let host = adminHost.contains(":") ? "[\(adminHost)]" : adminHost
            say("  admin API, /metrics and /readyz on http://\(host):\(adminServer.port)")
        }
        let proxies = configuration.allowedSources.trustedProxies
        if !configuration.allowedSources.cidrs.isEmpty {
            say(
                "  accepting clients from \(configuration.allowedSources.cidrs.joined(separator: ", "))"
                    + (proxies.isEmpty
                        ? " only"
                        : ", and through the trusted proxies \(proxies.joined(separator: ", ")) for those clients"))
        } else if !proxies.isEmpty {
            say(
                "  accepting any client; through the trusted proxies \(proxies.joined(separator: ", ")) the client is read from X-Forwarded-For"
            )
        }
        say("  configuration: \(configuration.source)")
        say("  store: \(ledger.store.location)")
        say(
            "  mode: "
                + (configuration.localTesting
                    ? "LocalTesting (payloads from 'agekit simulate' are trusted)" : "production"))
        for app in configuration.apps {
            let appleId = app.appAppleId.map { " appAppleId \($0)" } ?? ""
            say("  app \(app.bundleId)\(appleId)  environments \(app.environments.joined(separator: ", "))")
        }
        services.trustSummary.forEach(say)
        say(tokenLine)
        if let forwarder {
            forwarder.start()
            for (bundleId, target) in targets.sorted(by: { $0.key < $1.key }) {
                say("  forwarding \(bundleId) events to \(target.url.absoluteString)")
                if let until = target.previousSecretUntil, target.previousSecret != nil {
                    let end = Date(timeIntervalSince1970: Double(until) / 1000).formatted(.iso8601)
                    say("    signed with the secret and the previous one until \(end) (a rotation)")
                }
            }
        }
        if let recovery {
            recovery.summary.forEach(say)
            recovery.start()
        }
        if let attribution {
            attribution.summary.forEach(say)
            attribution.start()
        }
        if let retention {
            say(retention.summary)
            retention.start()
        }
        if tls == nil && configuration.host != "127.0.0.1" && configuration.host != "localhost"
            && configuration.host != "::1"
        {
            say(
                "  warning: plain HTTP on a public address; Apple posts only to HTTPS (configure tls or a reverse proxy)"
            )
        }
    }

    /// The main listener and the admin one (when configured), bound and listening.
    static func bindListeners(
        _ configuration: ServerConfiguration
    ) throws(ServerError) -> (main: ListeningSocket, admin: ListeningSocket?) {
        do {
            let main = try ListeningSocket(host: configuration.host, port: configuration.port)
            let admin = try configuration.adminHost.map { (host) throws(ServerError) in
                try ListeningSocket(host: host, port: configuration.adminPort)
            }
            return (main, admin)
        } catch {
            throw ServerError(.startupFailed, error.description)
        }
    }

    /// Answers new requests 503 `shutting_down`, lets those in flight finish (at most
    /// `drainTimeoutSeconds`, by default the configured `http.drainTimeoutSeconds`), then
    /// closes the listeners and the store.
    package func stop(drainTimeoutSeconds: Double? = nil) {
        recovery?.stop()
        attribution?.stop()
        retention?.stop()
        server.stop(drainTimeoutSeconds: drainTimeoutSeconds ?? Double(configuration.limits.drainTimeoutSeconds))
        adminServer?.stop(drainTimeoutSeconds: 1)
        forwarder?.stop()
        ledger.close()
        requestLog.finish()
        LineWriter.standardError.flush()
    }
}
