import AgeKitApple
import Foundation

/// Where sign-in registers the install: a local `agekit serve` in development. In production
/// the app sends the JWS to its own backend, which holds the admin token.
public struct AccountLinkTarget: Sendable {
    public var server: URL
    public var bundleID: String
    public var adminToken: String
    public var transport: any RegistrationTransport

    public init(server: URL, bundleID: String, adminToken: String, transport: any RegistrationTransport) {
        self.server = server
        self.bundleID = bundleID
        self.adminToken = adminToken
        self.transport = transport
    }
}

extension CrateModel {
    /// Sign-in: reads `AppTransaction.shared` and posts its signed JWS with the account id, so
    /// a later `RESCIND_CONSENT` for this install can be attributed to the account.
    public func signIn(accountID: String, link: AccountLinkTarget) async throws(AgeKitAppleError) {
        let transaction = try await AppTransactionInfo.current()
        let registration = try AppTransactionRegistration(
            server: link.server, bundleID: link.bundleID, accountID: accountID,
            signedAppTransaction: transaction.jwsRepresentation, adminToken: link.adminToken)
        let status: Int
        do {
            status = try await link.transport.send(registration).status
        } catch {
            throw AgeKitAppleError(.systemError, "the registration could not be sent: \(error)")
        }
        guard (200..<300).contains(status) else {
            throw AgeKitAppleError(.systemError, "the server answered \(status) to the registration")
        }
        linkedAccount = accountID
    }
}
