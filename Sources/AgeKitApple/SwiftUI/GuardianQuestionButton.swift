// Compiled only with Apple's SDKs (never against the mirror).
#if canImport(SwiftUI) && canImport(PermissionKit) && !os(tvOS) && !os(watchOS) && !targetEnvironment(macCatalyst)
    @preconcurrency import PermissionKit
    import SignificantChanges
    import SwiftUI

    /// PermissionKit's `PermissionButton(question:label:)` (26.2) for a guardian question the
    /// significant-change flow made. The question's system id is recorded first, so the
    /// answer, which arrives later on the center's listener, finds its request.
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    public struct GuardianQuestionButton<Label: View>: View {
        private let question: PermissionQuestion<SignificantAppUpdateTopic>
        private let label: () -> Label

        public init(
            _ guardianQuestion: GuardianQuestion, center: SystemPermissionCenter,
            @ViewBuilder label: @escaping () -> Label
        ) {
            let question = PermissionQuestion(
                significantAppUpdateTopic: SignificantAppUpdateTopic(description: guardianQuestion.description))
            question.expirationDate = guardianQuestion.expiresAt
            center.startListening()
            center.questions.record(system: question.id, agekit: guardianQuestion.id)
            self.question = question
            self.label = label
        }

        public var body: some View {
            PermissionButton(question: question, label: label)
        }
    }
#endif
