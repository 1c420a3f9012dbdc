// Mac Catalyst: PermissionKit's `ask(_:in:)` pages list no Catalyst row, SwiftUI's
// `PermissionButton(question:label:)` lists Mac Catalyst 26.2. The core routes the guardian
// question there (`ConsentRoute.guardianButton`), and asking hands the question to the app's
// button instead of presenting anything.
#if canImport(PermissionKit) && targetEnvironment(macCatalyst)
    @preconcurrency import PermissionKit
    import SignificantChanges

    extension SystemPermissionCenter {
        /// Puts the question on the app's ``GuardianQuestionButton``: made and recorded once
        /// (``systemQuestion(for:)``), listed in ``offeredQuestions``, sent by the system when the
        /// child taps the button. Returning means the button has it; the answer arrives on
        /// ``responses()``, and a child who never taps is covered by the request's timeout.
        public func ask(_ question: GuardianQuestion) async throws(PermissionAskError) {
            guard #available(macCatalyst 26.2, *) else {
                throw .systemError("PermissionKit's significant-update question needs Mac Catalyst 26.2")
            }
            startListening()
            _ = systemQuestion(for: question)
            offer(question)
        }
    }
#endif
