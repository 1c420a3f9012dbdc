import AppStoreSignedData
import Foundation

/// `agekit verify`: checks any App Store signed payload and prints it decoded.
struct VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Verify an App Store signed payload (JWS) and print it decoded."
    static let table = OptionTable(
        column: 22,
        [
            .valued(
                "root", "FILE", "Trust this root certificate (DER or PEM); repeatable. Without",
                "any, the local test CA's root in --ca-dir is trusted (what",
                "'agekit simulate' signs with); Apple's data needs", "--root AppleRootCA-G3.cer."),
            .valued("bundle-id", "ID", "Require this bundle id."),
            .valued(
                "environment", "ENV", "Accept only this environment (Sandbox, Production, Xcode,",
                "LocalTesting); repeatable."),
            .valued("app-apple-id", "N", "Require this App Apple ID for Production payloads."),
            .valued(
                "at", "WHEN", "When certificates must be valid: 'signed' (default: the",
                "payload's signedDate, receiptCreationDate for app", "transactions), 'now', or an ISO 8601 instant."),
            .valued(
                "kind", "KIND", "notification, transaction, renewal-info or app-transaction",
                "(default: detected from the payload's fields)."),
            .valued("ca-dir", "DIR", "Local test CA directory (default ./agekit-data/ca)."),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit verify [--root FILE]... [--bundle-id ID] [--environment ENV]...
                             [--app-apple-id N] [--at signed|now|ISO8601] [--kind KIND] [--ca-dir DIR] FILE|-

        Verifies a notification, transaction, renewal info or app transaction signed by the
        App Store: the x5c chain up to a trusted root (never the root the payload carries),
        Apple's certificate extensions, the ES256 signature, the payload's fields and every
        nested signed field. Prints the payload as JSON with nested fields decoded.

        The input is a compact JWS, or Apple's notification body {"signedPayload": "..."};
        '-' reads standard input.

        Options:
        \(table.text)

        Exit status: 0 valid, 1 invalid (the error code and reason on standard error), 2 usage.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let options = try Arguments(arguments, options)
        guard options.positionals.count == 1 else { throw .usage("give exactly one FILE, or - for standard input") }
        let effectiveTime = try Self.effectiveTime(options.value("at") ?? "signed")
        var environments: Set<Environment> = []
        for text in options.values("environment") {
            environments.insert(try SignedDataOptions.environment(text))
        }
        let appAppleId = try options.value("app-apple-id", as: "a number") { Int64($0) }
        let kindOption = try options.value("kind", as: "a payload kind") { SignedPayloadKind(rawValue: $0) }
        let path = options.positionals[0]
        let findAnchors = { () throws(CLIError) in
            try SignedDataOptions.anchors(
                roots: options.values("root"),
                caDirectory: options.value("ca-dir") ?? SignedDataOptions.defaultCADirectory)
        }
        let bytes: [UInt8]
        let anchors: [TrustAnchor]
        if path == "-" {
            // The anchors after the input: in `agekit simulate ... | agekit verify -` in a fresh
            // directory, the local CA exists only once simulate has written its payload.
            guard let input = console.readInput() else { throw .usage("standard input is not readable") }
            bytes = input
            anchors = try findAnchors()
        } else {
            anchors = try findAnchors()
            bytes = try SignedDataOptions.readFile(path)
        }
        let jws = try SignedDataOptions.jws(from: bytes)
        let detected = SignedPayloadKind.detect(jws)
        guard let kind = kindOption ?? detected else {
            throw .failure(
                code: "malformed_jws", message: "not an App Store signed payload of a known kind (try --kind)")
        }
        // Decoded as another kind, a payload reads as valid with nearly every field missing.
        if let kindOption, detected != kindOption {
            let what = detected.map { "a \($0.rawValue)" } ?? "of no known kind"
            throw .failure(code: "wrong_kind", message: "the payload is \(what), not a \(kindOption.rawValue)")
        }

        let verifier = SignedDataVerifier(anchors: anchors, effectiveTime: effectiveTime, cacheCapacity: 0)
        let identity = AppIdentity.checking(
            bundleId: options.value("bundle-id"), appAppleId: appAppleId, environments: environments)
        do {
            let payload = try verifier.verify(jws, as: kind)
            try identity.check(payload)
            console.out(SignedDataOptions.json(payload))
            return 0
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
    }

    static func effectiveTime(_ text: String) throws(CLIError) -> EffectiveTime {
        switch text {
        case "signed": return .signedDate
        case "now": return .now
        default:
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return .at(date) }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return .at(date) }
            throw .usage("--at: '\(text)' is not 'signed', 'now' or an ISO 8601 instant like 2025-10-01T12:00:00Z")
        }
    }
}
