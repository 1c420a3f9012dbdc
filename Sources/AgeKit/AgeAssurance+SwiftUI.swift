// SwiftUI glue, compiled only with Apple's SDKs (there is no SwiftUI mirror): what only Xcode
// can check is listed in docs/apple.md. Everything it shows comes from AgeAssurance, which the
// Linux tests drive.
#if canImport(SwiftUI)
    import SignificantChanges
    import SwiftUI

    extension View {
        /// Shows this view only while `feature` is open; otherwise the one next step (share
        /// the age range, the adult question, a guardian request, Settings, or why it is
        /// closed). Opening the view counts as the feature's first use.
        /// - Parameter contacts: who a guardian is asked to allow, for a feature that
        ///   communication limits close.
        public func ageGated(
            _ feature: String, in assurance: AgeAssurance, contacts: [CommunicationContact] = []
        ) -> some View {
            modifier(AgeGatedModifier(feature: feature, assurance: assurance, contacts: contacts))
        }
    }

    struct AgeGatedModifier: ViewModifier {
        let feature: String
        let assurance: AgeAssurance
        let contacts: [CommunicationContact]

        func body(content: Content) -> some View {
            let status = assurance.status(of: feature)
            Group {
                if status.isOpen {
                    content
                } else {
                    AgeGateStep(feature: feature, status: status, assurance: assurance, contacts: contacts)
                }
            }
            .task(id: feature) { _ = await assurance.open(feature) }
        }
    }

    /// The next step of a closed feature, with the default wording.
    public struct AgeGateStep: View {
        let feature: String
        let status: FeatureStatus
        let assurance: AgeAssurance
        let contacts: [CommunicationContact]

        public init(
            feature: String, status: FeatureStatus, assurance: AgeAssurance, contacts: [CommunicationContact] = []
        ) {
            self.feature = feature
            self.status = status
            self.assurance = assurance
            self.contacts = contacts
        }

        public var body: some View {
            switch status.nextStep {
            case .none: EmptyView()
            case .shareAgeRange:
                Button("Share age range") { Task { await assurance.shareAgeRange() } }
            case .askAdultQuestion:
                HStack {
                    Text("Are you 18 or older?")
                    Button("Yes") { Task { await assurance.answerAdultQuestion(true) } }
                    Button("No") { Task { await assurance.answerAdultQuestion(false) } }
                }
            case .tooYoung: Text("This part of the app isn't available for your age range.")
            case .askGuardian:
                Button("Ask a parent") { Task { await assurance.askGuardian(for: feature, contacts: contacts) } }
            case .confirmAgeInSettings: Text("This needs a confirmed age. Confirm it in Settings, then come back.")
            case .retryNextLaunch: Text("Age range sharing isn't available for this account right now.")
            case .waitForChange: Text("Waiting for a parent to approve this update.")
            }
        }
    }
#endif
