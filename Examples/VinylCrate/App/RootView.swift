import AgeKit
import SwiftUI
import VinylCrateKit

/// The tabs. The launch runs once: the age check (which asks only when the system says the
/// person is regulated), then the privacy sequence, then the significant changes. The age and
/// acknowledgment sheets present from this view; the app's own notice is shown over it.
struct RootView: View {
    @Environment(CrateModel.self) private var model

    var body: some View {
        TabView {
            Tab("Collection", systemImage: "square.stack") {
                GatedScreen(feature: .collection) { Text("Your records") }
            }
            Tab("Notes", systemImage: "text.bubble") {
                GatedScreen(feature: .communityNotes) { Text("Community notes") }
            }
            Tab("Messages", systemImage: "envelope") {
                GatedScreen(feature: .marketplaceMessages) { Text("Messages with sellers") }
            }
            Tab("Payouts", systemImage: "banknote") {
                GatedScreen(feature: .sellerPayouts) { Text("Seller payouts") }
            }
            Tab("Account", systemImage: "person.crop.circle") {
                AccountView()
            }
        }
        .ageKitActions(AppEnvironment.actions)
        .task {
            await model.launch()
            await model.refreshChanges()
        }
        .overlay {
            // The app's own notice of a significant change: acknowledged only by the tap.
            if let notice = model.notice {
                VStack(spacing: 12) {
                    Text("What's new in VinylCrate").font(.headline)
                    Text(notice)
                    HStack {
                        Button("Not now") { model.dismissNotice() }
                        Button("OK") { model.acknowledgeNotice() }.buttonStyle(.borderedProminent)
                    }
                }
                .padding()
                .background(.regularMaterial, in: .rect(cornerRadius: 16))
                .padding()
            }
        }
        .overlay(alignment: .bottom) {
            if let message = model.privacy?.message {
                VStack {
                    Text(message.title).font(.headline)
                    Text(message.detail).font(.footnote)
                }
                .padding()
                .background(.thinMaterial, in: .rect(cornerRadius: 12))
                .padding()
            }
        }
    }
}
