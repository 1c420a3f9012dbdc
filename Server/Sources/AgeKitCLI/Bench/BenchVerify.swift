import AppStoreSignedData
import Foundation

/// `agekit bench verify`: single-threaded verification rates, cold and warm, per payload kind.
enum BenchVerify {
    struct KindResult: Encodable {
        var count: Int
        /// Nil when not measured (`--only`): written as null, never as a rate of 0.
        var coldPerSecond: Double?
        var warmPerSecond: Double?
        /// JWS verified per payload (a notification's nested fields are JWS too).
        var jwsPerPayload: Double

        enum CodingKeys: String, CodingKey {
            case count
            case coldPerSecond = "cold_per_s"
            case warmPerSecond = "warm_per_s"
            case jwsPerPayload = "jws_per_payload"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(coldPerSecond, forKey: .coldPerSecond)
            try container.encode(warmPerSecond, forKey: .warmPerSecond)
            try container.encode(jwsPerPayload, forKey: .jwsPerPayload)
        }
    }

    struct Report: Encodable {
        /// The kind the top-level rates are for: notifications when the directory has any.
        var headline: String
        var vectors: Int
        var seconds: Double
        var coldPerSecond: Double?
        var warmPerSecond: Double?
        var warmMicrosecondsPerJWS: Double?
        var kinds: [String: KindResult]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(headline, forKey: .headline)
            try container.encode(vectors, forKey: .vectors)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(coldPerSecond, forKey: .coldPerSecond)
            try container.encode(warmPerSecond, forKey: .warmPerSecond)
            try container.encode(warmMicrosecondsPerJWS, forKey: .warmMicrosecondsPerJWS)
            try container.encode(kinds, forKey: .kinds)
        }

        enum CodingKeys: String, CodingKey {
            case headline, vectors, seconds, kinds
            case coldPerSecond = "cold_per_s"
            case warmPerSecond = "warm_per_s"
            case warmMicrosecondsPerJWS = "warm_us_per_jws"
        }
    }

    static func run(_ arguments: [String], _ console: Console) throws(CLIError) -> Int32 {
        let options = try Arguments(arguments, BenchCommand.options)
        let only = options.value("only")
        guard only == nil || only == "cold" || only == "warm" else { throw .usage("--only: use cold or warm") }
        let directory = try options.required("vectors")
        let seconds =
            try options.value("seconds", as: "a positive number") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? 2
        let (payloads, roots) = try load(directory)
        let anchors = try SignedDataOptions.anchors(
            roots: options.values("root").isEmpty ? roots : options.values("root"), caDirectory: directory)
        guard !payloads.isEmpty else { throw .usage("no *.jws files in \(directory)") }

        var kinds: [String: KindResult] = [:]
        let present = SignedPayloadKind.allCases.filter { kind in payloads.contains { $0.kind == kind } }
        let measurements = present.count * (only == nil ? 2 : 1)
        // Each measurement takes `seconds` of CPU: say so at once, then count them down.
        console.err(
            "bench verify: \(measurements) measurements of \(seconds) CPU-s each, about \(ProgressLine.seconds(Double(measurements) * seconds))"
        )
        let progress = ProgressLine("bench verify", unit: "measurements", console: console)
        var measured = 0
        for kind in present {
            let group = payloads.filter { $0.kind == kind }.map(\.jws)
            // Every vector must verify before it is timed.
            let check = SignedDataVerifier(anchors: anchors, cacheCapacity: 0)
            for jws in group {
                do {
                    _ = try check.verify(jws, as: kind)
                } catch {
                    throw .failure(code: error.code.rawValue, message: "a \(kind.rawValue) vector: \(error.reason)")
                }
            }
            let measure = { (cacheCapacity: Int) -> Double in
                let perSecond = rate(group, kind: kind, seconds: seconds) {
                    SignedDataVerifier(anchors: anchors, cacheCapacity: cacheCapacity)
                }
                measured += 1
                progress.report(measured, measurements)
                return perSecond
            }
            let cold = only == "warm" ? nil : measure(0)
            let warm = only == "cold" ? nil : measure(64)
            kinds[kind.rawValue] = KindResult(
                count: group.count, coldPerSecond: cold, warmPerSecond: warm,
                jwsPerPayload: Double(group.map(jwsCount).reduce(0, +)) / Double(group.count))
        }
        let headlineKind =
            SignedPayloadKind.allCases.first { kinds[$0.rawValue] != nil }?.rawValue
            ?? SignedPayloadKind.notification.rawValue
        guard let headline = kinds[headlineKind] else { throw .usage("no payload of a known kind in \(directory)") }
        let report = Report(
            headline: headlineKind, vectors: payloads.count, seconds: seconds, coldPerSecond: headline.coldPerSecond,
            warmPerSecond: headline.warmPerSecond,
            warmMicrosecondsPerJWS: headline.warmPerSecond.map { 1_000_000 / ($0 * headline.jwsPerPayload) },
            kinds: kinds)
        if options.flag("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            console.out(String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self))
        } else {
            console.out(text(report))
        }
        return 0
    }

    /// Verifications per CPU-second of `group` in a loop on this thread. The verifier comes
    /// from `make` once, outside the timed loop, so a warm run measures cache hits. Like
    /// `openssl speed`, the divisor is the thread's CPU time, so other load on the machine
    /// does not skew the comparison.
    static func rate(
        _ group: [String], kind: SignedPayloadKind, seconds: Double, make: () -> SignedDataVerifier
    ) -> Double {
        let verifier = make()
        for jws in group { _ = try? verifier.verify(jws, as: kind) }
        let start = ThreadCPUClock.seconds()
        var count = 0
        var elapsed = 0.0
        repeat {
            for jws in group {
                _ = try? verifier.verify(jws, as: kind)
            }
            count += group.count
            elapsed = ThreadCPUClock.seconds() - start
        } while elapsed < seconds
        return Double(count) / elapsed
    }

    /// A JWS and its nested JWS (counted from the signed fields Apple nests).
    static func jwsCount(_ jws: String) -> Int {
        guard let payload = jws.split(separator: ".").dropFirst().first else { return 1 }
        var base64 = String(payload).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return 1 }
        let text = String(decoding: data, as: UTF8.self)
        return 1
            + ["\"signedTransactionInfo\"", "\"signedRenewalInfo\"", "\"signedAppTransactionInfo\""]
            .filter { text.contains($0) }.count
    }

    struct Payload {
        var kind: SignedPayloadKind
        var jws: String
    }

    /// The payloads of `directory` with their kinds (from index.json, else detected) and its root files.
    static func load(_ directory: String) throws(CLIError) -> ([Payload], [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw .usage("--vectors: cannot list \(directory)")
        }
        var indexKinds: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: directory + "/index.json"),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        {
            for entry in entries {
                if let file = entry["file"] as? String, let kind = entry["kind"] as? String { indexKinds[file] = kind }
            }
        }
        var payloads: [Payload] = []
        for name in names where name.hasSuffix(".jws") {
            let jws = try SignedDataOptions.jws(from: SignedDataOptions.readFile(directory + "/" + name))
            guard
                let kind = indexKinds[name].flatMap(SignedPayloadKind.init(rawValue:)) ?? SignedPayloadKind.detect(jws)
            else { continue }
            payloads.append(Payload(kind: kind, jws: jws))
        }
        let roots = names.filter { $0.hasSuffix(".cer") || $0.hasSuffix(".der") || $0.hasSuffix(".pem") }
            .map { directory + "/" + $0 }
        return (payloads, roots)
    }

    static func text(_ report: Report) -> String {
        var lines = [
            "agekit bench verify: \(report.vectors) vectors, \(report.seconds) CPU-s per measurement, one thread",
            "kind              count  JWS/payload    cold/s      warm/s",
        ]
        for kind in SignedPayloadKind.allCases {
            guard let result = report.kinds[kind.rawValue] else { continue }
            lines.append(
                kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + String(format: "%7d %12.1f ", result.count, result.jwsPerPayload)
                    + figure(result.coldPerSecond, width: 10) + " " + figure(result.warmPerSecond, width: 11))
        }
        let cost = report.warmMicrosecondsPerJWS.map { String(format: "%.1f µs", $0) } ?? "not measured"
        lines.append("warm cost per JWS (\(report.headline)): \(cost)")
        return lines.joined(separator: "\n")
    }

    /// A rate right-aligned in `width`, or "-" when it was not measured.
    private static func figure(_ rate: Double?, width: Int) -> String {
        let text = rate.map { String(format: "%.0f", $0) } ?? "-"
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
