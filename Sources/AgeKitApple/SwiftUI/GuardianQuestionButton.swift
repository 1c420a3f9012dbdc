// Compiled only with Apple's SDKs (never against the mirror).
#if canImport(SwiftUI) && canImport(PermissionKit) && !os(tvOS) && !os(watchOS)
    @preconcurrency import PermissionKit
    import SignificantChanges
    import SwiftUI

    /// PermissionKit's `PermissionButton(question:label:)` (26.2) for a guardian question the
    /// significant-change flow made: on Mac Catalyst the only way to ask (the questions are in
    /// ``SystemPermissionCenter/offeredQuestions``), elsewhere a button the app may show. SwiftUI re-creates views often: the question comes from
    /// the center, which makes it once per request and records its system id then, so the
    /// answer, which arrives later on the center's listener, always finds its request.
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    public struct GuardianQuestionButton<Label: View>: View {
        private let question: PermissionQuestion<SignificantAppUpdateTopic>
        private let label: () -> Label

        public init(
            _ guardianQuestion: GuardianQuestion, center: SystemPermissionCenter,
            @ViewBuilder label: @escaping () -> Label
        ) {
            center.startListening()
            self.question = center.systemQuestion(for: guardianQuestion)
            self.label = label
        }

        public var body: some View {
            PermissionButton(question: question, label: label)
        }
    }
#endif
