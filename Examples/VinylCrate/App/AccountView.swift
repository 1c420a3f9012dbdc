import AgeKit
import Foundation
import SwiftUI

/// Sign-in registers this install with the local `agekit serve`, so a revoked consent can be
/// attributed to the account.
struct AccountView: View {
    @State private var accountID = "collector-1"
    @State private var status = ""

    var body: some View {
        Form {
            TextField("Account", text: $accountID)
            Button("Sign in") {
                Task {
                    do {
                        try await Crate.signIn(
                            accountID: accountID, environment: ProcessInfo.processInfo.environment,
                            bundleID: Bundle.main.bundleIdentifier, via: URLSessionTransport())
                        status = "Linked \(accountID)"
                    } catch {
                        status = "\(error)"
                    }
                }
            }
            if !status.isEmpty { Text(status).font(.footnote) }
        }
    }
}

/// The registration's one HTTP call (AgeKit's app side does no networking).
struct URLSessionTransport: RegistrationTransport {
    func send(_ registration: AppTransactionRegistration) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: registration.url)
        request.httpMethod = registration.method
        for (name, value) in registration.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = registration.body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
