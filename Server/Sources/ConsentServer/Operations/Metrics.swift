import Synchronization

/// Counters and histograms rendered in Prometheus text format for `/metrics`.
package final class Metrics: Sendable {
    /// Latency buckets in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct Histogram {
        var counts = [UInt64](repeating: 0, count: Metrics.buckets.count)
        var sum = 0.0
        var count: UInt64 = 0

        mutating func observe(_ value: Double) {
            for (index, bound) in Metrics.buckets.enumerated() where value <= bound { counts[index] += 1 }
            sum += value
            count += 1
        }
    }

    /// One label pair of a series; the text `name="value"` is built only when rendering.
    private struct Label: Hashable {
        let name: String
        let value: String
    }

    private struct State {
        var counters: [String: [[Label]: UInt64]] = [:]  // name -> labels -> value
        var histograms: [String: Histogram] = [:]
    }

    private let state = Mutex(State())
    private let gauges: Mutex<[(name: String, help: String, read: @Sendable () -> Double)]> = Mutex([])
    /// Gauges with labels, a series each: read together when `/metrics` is scraped.
    private let labeledGauges:
        Mutex<[(name: String, help: String, read: @Sendable () -> [(labels: [(String, String)], value: Double)])]> =
            Mutex([])
    private static let help: [String: String] = [
        "agekit_http_requests_total": "HTTP requests by route and status.",
        "agekit_notifications_total": "App Store notifications by type and outcome.",
        "agekit_verification_failures_total": "Rejected signed payloads by error code.",
        "agekit_unattributable_revocations_total":
            "RESCIND_CONSENT notifications naming no app transaction: stored, no account frozen; look at each.",
        "agekit_http_request_duration_seconds": "HTTP request latency.",
        "agekit_forwarding_attempts_total":
            "Forwarding attempts by app and outcome: delivered, retry (failed, scheduled again) or dead.",
        "agekit_transport_refusals_total":
            "Connections and requests refused before routing (sources, framing, size, deadlines), by code.",
        "agekit_store_commit_duration_seconds": "Time from a write's submission to its durable commit.",
        "agekit_admin_authentication_failures_total":
            "Admin requests refused: a wrong or missing token (unauthorized), or a client past its failures (limited).",
    ]

    package init() {}

    package func increment(_ name: String, _ labels: [(String, String)]) {
        let key = labels.map { Label(name: $0.0, value: $0.1) }
        state.withLock { $0.counters[name, default: [:]][key, default: 0] += 1 }
    }

    package func observe(_ name: String, seconds: Double) {
        state.withLock { $0.histograms[name, default: Histogram()].observe(seconds) }
    }

    /// A value read when `/metrics` is scraped (cache hits, queue depth, ...).
    package func gauge(_ name: String, help: String, _ read: @escaping @Sendable () -> Double) {
        gauges.withLock { $0.append((name, help, read)) }
    }

    /// Gauges with labels (one series per app and store, say), read when `/metrics` is scraped.
    package func gauges(
        _ name: String, help: String, _ read: @escaping @Sendable () -> [(labels: [(String, String)], value: Double)]
    ) {
        labeledGauges.withLock { $0.append((name, help, read)) }
    }

    package func render() -> String {
        var lines: [String] = []
        let snapshot = state.withLock { $0 }
        for (name, series) in snapshot.counters.sorted(by: { $0.key < $1.key }) {
            lines.append("# HELP \(name) \(Self.help[name] ?? name)")
            lines.append("# TYPE \(name) counter")
            let rendered = series.map { labels, value in
                (labels.map { "\($0.name)=\"\(Self.escape($0.value))\"" }.joined(separator: ","), value)
            }
            for (labels, value) in rendered.sorted(by: { $0.0 < $1.0 }) {
                lines.append("\(name){\(labels)} \(value)")
            }
        }
        for (name, histogram) in snapshot.histograms.sorted(by: { $0.key < $1.key }) {
            lines.append("# HELP \(name) \(Self.help[name] ?? name)")
            lines.append("# TYPE \(name) histogram")
            for (bound, count) in zip(Self.buckets, histogram.counts) {
                lines.append("\(name)_bucket{le=\"\(bound)\"} \(count)")
            }
            lines.append("\(name)_bucket{le=\"+Inf\"} \(histogram.count)")
            lines.append("\(name)_sum \(histogram.sum)")
            lines.append("\(name)_count \(histogram.count)")
        }
        for gauge in gauges.withLock({ $0 }) {
            lines.append("# HELP \(gauge.name) \(gauge.help)")
            lines.append("# TYPE \(gauge.name) gauge")
            lines.append("\(gauge.name) \(gauge.read())")
        }
        for gauge in labeledGauges.withLock({ $0 }) {
            lines.append("# HELP \(gauge.name) \(gauge.help)")
            lines.append("# TYPE \(gauge.name) gauge")
            for series in gauge.read() {
                let labels = series.labels.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",")
                lines.append("\(gauge.name){\(labels)} \(series.value)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == 10 }) else {
            return value
        }
        return value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
    }
}
