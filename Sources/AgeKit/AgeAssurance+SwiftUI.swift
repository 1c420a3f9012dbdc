// SwiftUI glue, compiled only with Apple's SDKs (there is no SwiftUI mirror): what only Xcode
// can check is listed in docs/apple.md. Everything it shows comes from AgeAssurance, which the
// Linux tests drive.
#if canImport(SwiftUI)
    import SignificantChanges
    import SwiftUI

    #if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
        import AgeKitApple
    #endif

    extension View {
        /// Makes this the root of `assurance`'s app: starts it once when the view appears, puts
        /// it in the environment, installs the view's age-assurance actions (26.0) where the
        /// services present from the view, and shows the launch sequence's message and the
        /// app's own notice of a change, which only the person's "OK" acknowledges.
        public func ageAssurance(_ assurance: AgeAssurance) -> some View {
            modifier(AgeAssuranceRoot(assurance: assurance))
        }

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

    struct AgeAssuranceRoot: ViewModifier {
        let assurance: AgeAssurance

        func body(content: Content) -> some View {
            content
                .environment(assurance)
                .modifier(ActionsInstaller(assurance: assurance))
                .task { await assurance.start() }
                .overlay {
                    if let notice = assurance.notice {
                        VStack(spacing: 12) {
                            Text("What's new").font(.headline)
                            Text(notice)
                            HStack {
                                Button("Not now") { assurance.dismissNotice() }
                                Button("OK") { assurance.acknowledgeNotice() }.buttonStyle(.borderedProminent)
                            }
                        }
                        .padding()
                        .background(.regularMaterial, in: .rect(cornerRadius: 16))
                        .padding()
                    }
                }
                .overlay(alignment: .bottom) {
                    if let message = assurance.launch?.message {
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

    /// `.ageKitActions(_:)` where the services present from the view (26.0, iOS and macOS).
    struct ActionsInstaller: ViewModifier {
        let assurance: AgeAssurance

        @ViewBuilder
        func body(content: Content) -> some View {
            #if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
                if #available(iOS 26.0, macOS 26.0, *) {
                    if let actions = assurance.services.swiftUI {
                        content.ageKitActions(actions)
                    } else {
                        content
                    }
                } else {
                    content
                }
            #else
                content
            #endif
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
