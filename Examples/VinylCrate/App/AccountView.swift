import AgeKit
import SwiftUI
import VinylCrateKit

/// Sign-in registers this install with the local `agekit serve`, so a revoked consent can be
/// attributed to the account.
struct AccountView: View {
    @Environment(CrateModel.self) private var model
    @State private var accountID = "collector-1"
    @State private var status = ""

    var body: some View {
        Form {
            TextField("Account", text: $accountID)
            Button("Sign in") {
                Task {
                    do {
                        try await model.signIn(accountID: accountID, link: AppEnvironment.localServer())
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
