import AgeKit
import SwiftUI
import VinylCrateKit

/// A screen that shows its content only when the model says so, and otherwise the one next
/// step: "share age range" after a decline, a guardian request under communication limits,
/// a pointer to Settings for payouts.
struct GatedScreen<Content: View>: View {
    let feature: CrateFeature
    @ViewBuilder let content: () -> Content
    @Environment(CrateModel.self) private var model
    @State private var screen: CrateScreen = .content

    var body: some View {
        Group {
            switch screen {
            case .content:
                content()
            case .shareAgeRange:
                Button("Share age range") {
                    Task {
                        await model.shareAgeRange()
                        screen = model.screen(for: feature)
                    }
                }
            case .askAdultQuestion:
                HStack {
                    Text("Are you 18 or older?")
                    Button("Yes") {
                        model.answerAdultQuestion(true)
                        screen = model.screen(for: feature)
                    }
                    Button("No") {
                        model.answerAdultQuestion(false)
                        screen = model.screen(for: feature)
                    }
                }
            case .tooYoung:
                Text("This part of VinylCrate is for older collectors.")
            case .askGuardian:
                Button("Ask a parent") {
                    Task {
                        await model.askGuardianToMessage(CommunicationContact(handle: "seller", displayName: "Seller"))
                        screen = model.screen(for: feature)
                    }
                }
            case .confirmAgeInSettings:
                Text("Payouts need a confirmed age. Confirm it in Settings, then come back.")
            case .unavailable:
                Text("Age check not possible right now. Try again later.")
            case .waitingForConsent:
                Text("Waiting for a parent to approve this update.")
            }
        }
        .task { screen = await model.open(feature) }
    }
}
