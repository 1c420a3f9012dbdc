import AgeKit
import SwiftUI

/// The tabs. A gated screen shows its content, or the one next step: "share age range" after
/// a decline, a guardian request under communication limits, a pointer to Settings for payouts.
struct RootView: View {
    @Environment(AgeAssurance.self) private var assurance
    private let seller = CommunicationContact(handle: "seller", displayName: "Seller")

    var body: some View {
        TabView {
            Tab("Collection", systemImage: "square.stack") {
                Text("Your records").ageGated("collection", in: assurance)
            }
            Tab("Notes", systemImage: "text.bubble") {
                Text("Community notes").ageGated("notes", in: assurance)
            }
            Tab("Messages", systemImage: "envelope") {
                Text("Messages with sellers").ageGated("messages", in: assurance, contacts: [seller])
            }
            Tab("Payouts", systemImage: "banknote") {
                Text("Seller payouts").ageGated("payouts", in: assurance)
            }
            Tab("Account", systemImage: "person.crop.circle") {
                AccountView()
            }
        }
    }
}
