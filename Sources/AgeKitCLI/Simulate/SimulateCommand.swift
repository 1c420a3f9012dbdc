import AppStoreSignedData
import Foundation

/// `agekit simulate`: payloads signed by the local test CA, shaped like the App Store's.
///
/// Each subcommand builds a JWS; ``emit(_:options:console:)`` delivers it (today: prints it).
struct SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "Sign App Store-shaped payloads with the local test CA."
    static let help = """
        Usage: agekit simulate notification --type TYPE [--subtype S] [--bundle-id ID]
                                            [--environment ENV] [--app-transaction-id ID]
                                            [--app-apple-id N] [--ca-dir DIR]
               agekit simulate app-transaction [--app-transaction-id ID] [--bundle-id ID]
                                            [--environment ENV] [--app-apple-id N] [--ca-dir DIR]
               agekit simulate ca [--ca-dir DIR]

        Signs payloads the way the App Store does (ES256, 3-certificate x5c) with a local test
        certificate authority, created in --ca-dir on first use. They verify only where that
        CA's root is trusted: 'agekit verify' without --root, or 'agekit serve' in its local
        testing mode.

        Subcommands:
          notification      A signed App Store Server Notification V2, printed as the JWS.
                            RESCIND_CONSENT carries appData with a signed app transaction;
                            SUBSCRIBED and the other purchase events a signed transaction and
                            renewal info; TEST a bare data section.
          app-transaction   A signed app transaction (what an app sends its backend).
          ca                Creates the CA if needed; prints its root's path and SHA-256.

        Options:
          --type TYPE             Notification type, e.g. RESCIND_CONSENT, SUBSCRIBED, TEST.
          --subtype S             Notification subtype, e.g. INITIAL_BUY.
          --bundle-id ID          Default com.example.agekit.
          --environment ENV       Sandbox, Production, Xcode or LocalTesting (default).
          --app-transaction-id ID Default: a random 18-digit id.
          --app-apple-id N        App Apple ID (Production payloads get 1 unless given).
          --ca-dir DIR            Default ./agekit-data/ca.
        """

    /// Options every subcommand accepts. Delivery options (e.g. a URL to post to) go here too.
    static let commonOptions: Set<String> = [
        "bundle-id", "environment", "app-transaction-id", "app-apple-id", "ca-dir",
    ]

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        guard let subcommand = arguments.first else {
            throw .usage("name a subcommand: notification, app-transaction or ca")
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "notification":
            let options = try Arguments(rest, valued: commonOptions.union(["type", "subtype"]))
            try noPositionals(options)
            let jws = try notification(options)
            return try await emit(jws, options: options, console: console)
        case "app-transaction":
            let options = try Arguments(rest, valued: commonOptions)
            try noPositionals(options)
            let jws = try appTransaction(options)
            return try await emit(jws, options: options, console: console)
        case "ca":
            let options = try Arguments(rest, valued: ["ca-dir"])
            try noPositionals(options)
            let directory = options.value("ca-dir") ?? SignedDataOptions.defaultCADirectory
            let ca = try SignedDataOptions.loadOrCreateCA(directory)
            console.out("root: \(directory)/root.pem")
            console.out("sha256: \(ca.rootAnchor.sha256Fingerprint)")
            return 0
        default:
            throw .usage("unknown subcommand '\(subcommand)': use notification, app-transaction or ca")
        }
    }

    static func notification(_ options: Arguments) throws(CLIError) -> String {
        let type = try options.required("type").uppercased()
        guard NotificationType(rawValue: type).isDocumented else {
            let known = NotificationType.documented.map(\.rawValue).joined(separator: ", ")
            throw .usage("--type: '\(type)' is not a notification type; use one of \(known)")
        }
        let subtype = options.value("subtype")?.uppercased()
        if let subtype, !NotificationSubtype(rawValue: subtype).isDocumented {
            let known = NotificationSubtype.documented.map(\.rawValue).joined(separator: ", ")
            throw .usage("--subtype: '\(subtype)' is not a notification subtype; use one of \(known)")
        }
        let common = try Common(options)
        do {
            return try SimulatedPayloads.notification(
                type: type, subtype: subtype, bundleId: common.bundleId, environment: common.environment,
                appTransactionId: common.appTransactionId, appAppleId: common.appAppleId, ca: common.ca)
        } catch {
            throw .failure(code: "signing_failed", message: "\(error)")
        }
    }

    static func appTransaction(_ options: Arguments) throws(CLIError) -> String {
        let common = try Common(options)
        do {
            return try SimulatedPayloads.appTransaction(
                appTransactionId: common.appTransactionId, bundleId: common.bundleId,
                environment: common.environment, appAppleId: common.appAppleId, ca: common.ca)
        } catch {
            throw .failure(code: "signing_failed", message: "\(error)")
        }
    }

    /// Delivers a signed payload: prints it.
    static func emit(_ jws: String, options: Arguments, console: Console) async throws(CLIError) -> Int32 {
        console.out(jws)
        return 0
    }

    private static func noPositionals(_ options: Arguments) throws(CLIError) {
        if let extra = options.positionals.first { throw .usage("unexpected argument '\(extra)'") }
    }

    /// The options shared by the subcommands, parsed and defaulted.
    struct Common {
        var bundleId: String
        var environment: Environment
        var appTransactionId: String
        var appAppleId: Int64?
        var ca: LocalCertificateAuthority

        init(_ options: Arguments) throws(CLIError) {
            bundleId = options.value("bundle-id") ?? SignedDataOptions.defaultBundleId
            environment = try options.value("environment").map(SignedDataOptions.environment) ?? .localTesting
            appTransactionId =
                options.value("app-transaction-id")
                ?? String(UInt64.random(in: 700_000_000_000_000_000...799_999_999_999_999_999))
            appAppleId = try options.value("app-apple-id", as: "a number") { Int64($0) }
            ca = try SignedDataOptions.loadOrCreateCA(options.value("ca-dir") ?? SignedDataOptions.defaultCADirectory)
        }
    }
}
