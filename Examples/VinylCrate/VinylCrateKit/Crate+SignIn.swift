import AgeKitApple
import Foundation

extension Crate {
    /// Sign-in links this install to `accountID` at a local `agekit serve` (LocalTesting mode),
    /// found through the scheme's `AGEKIT_SERVER` and `AGEKIT_ADMIN_TOKEN`. In production the
    /// app sends the JWS to its own backend, which holds the admin token.
    public static func signIn(
        accountID: String, environment: [String: String], bundleID: String?, via transport: any RegistrationTransport
    ) async throws(AgeKitAppleError) {
        try await AppTransactionRegistration.register(
            accountID: accountID, server: URL(string: environment["AGEKIT_SERVER"] ?? "http://127.0.0.1:8080")!,
            bundleID: bundleID ?? "com.example.vinylcrate", adminToken: environment["AGEKIT_ADMIN_TOKEN"] ?? "",
            via: transport)
    }
}
