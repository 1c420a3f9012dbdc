// PermissionKit's guardian question on iOS, iPadOS, visionOS and macOS, asked from code. Mac
// Catalyst has `AskCenter`, `responses(for:)` and SwiftUI's `PermissionButton` but no documented
// way to ask from code (the UIKit `ask(_:in:)` pages list no Catalyst row): there the question
// goes on the app's button (SystemPermissionCenter+Button.swift).
#if canImport(PermissionKit) && !os(tvOS) && !os(watchOS)
    import AgeSignals
    @preconcurrency import PermissionKit
    import AgeGating
    import Foundation
    import SignificantChanges

    /// The core's `SignificantChanges.PermissionCenter` on PermissionKit's `AskCenter.shared`.
    ///
    /// Call ``startListening()`` once at launch, before anything asks: a guardian may answer
    /// while the app is not asking, or after the app was relaunched, and the system delivers
    /// those answers only to a registered `responses(for:)` sequence. Answers that arrive
    /// before the core listens are kept and replayed to it. The system gives every question
    /// its own `UUID`; the bridge keeps the map to AgeKit's question ids in the app's
    /// `AgeGating.KeyValueStore` so that an answer after a relaunch still finds its request.
    public final class SystemPermissionCenter: PermissionCenter {
        struct State {
            var listening = false
            /// The system question made for each request, so that asking again, or a button
            /// re-created by SwiftUI, hands the system the same question (and the same id).
            var questions: [String: SystemQuestion] = [:]
            var questionOrder: [String] = []
            /// Questions waiting on the app's button, one per change.
            var offered: [GuardianQuestion] = []
        }

        let state = Locked(State())
        private let answers = ReplayingBroadcast<GuardianResponse>()
        let questions: QuestionMap
        let anchor: AnchorProvider
        let deadlines: BridgeDeadlines
        /// 27.0: how the guardian question is presented; nil keeps the 26.2 `ask(_:in:)`.
        let flow: GuardianPermissionFlow?

        /// A center that keeps its question-id map in `store` and presents from `anchor`; `flow`
        /// chooses the 27.0 presentation (nil keeps the 26.2 `ask(_:in:)`).
        public init(
            store: any KeyValueStore, deadlines: BridgeDeadlines = BridgeDeadlines(),
            flow: GuardianPermissionFlow? = nil, anchor: @escaping AnchorProvider
        ) {
            self.questions = QuestionMap(store: store)
            self.anchor = anchor
            self.deadlines = deadlines
            self.flow = flow
        }

        /// Registers for the guardians' answers; later calls do nothing. The task runs for as
        /// long as the app does: a denial never ends it.
        public func startListening() {
            guard #available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *) else { return }
            let first = state.withLock { state in
                defer { state.listening = true }
                return !state.listening
            }
            guard first else { return }
            let sequence = AskCenter.shared.responses(for: SignificantAppUpdateTopic.self)
            let forward = ResponseForwarder(center: self)
            Task { await forward.run(sequence) }
        }

        public func responses() -> AsyncStream<GuardianResponse> { answers.stream() }

        /// PermissionKit's question for `guardianQuestion`, made once per request: its id is
        /// recorded in the app's store the first time, and the same question comes back after.
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
        public func systemQuestion(
            for guardianQuestion: GuardianQuestion
        ) -> PermissionQuestion<SignificantAppUpdateTopic> {
            let made = state.withLock { state -> SystemQuestion in
                if let made = state.questions[guardianQuestion.id] { return made }
                let question = PermissionQuestion(
                    significantAppUpdateTopic: SignificantAppUpdateTopic(description: guardianQuestion.description))
                question.expirationDate = guardianQuestion.expiresAt
                let made = SystemQuestion(question)
                state.questions[guardianQuestion.id] = made
                state.questionOrder.append(guardianQuestion.id)
                if state.questionOrder.count > QuestionMap.limit {
                    state.questions[state.questionOrder.removeFirst()] = nil
                }
                return made
            }
            let question = made.question as! PermissionQuestion<SignificantAppUpdateTopic>
            if questions.agekitID(for: question.id) == nil {
                questions.record(system: question.id, agekit: guardianQuestion.id)
            }
            return question
        }

        /// The questions waiting on the app's `GuardianQuestionButton`, one per change, newest
        /// last: where the app's code cannot ask (Mac Catalyst), asking puts the question here,
        /// and the system sends it when the child taps the button. An answer takes it off.
        public var offeredQuestions: [GuardianQuestion] { state.withLock { $0.offered } }

        func offer(_ question: GuardianQuestion) {
            state.withLock { state in
                state.offered.removeAll { $0.changeID == question.changeID }
                state.offered.append(question)
            }
        }

        /// One answer from the system, to every listener (or kept until one registers).
        func deliver(systemQuestionID: UUID, approved: Bool) {
            guard let questionID = questions.agekitID(for: systemQuestionID) else { return }
            state.withLock { $0.offered.removeAll { $0.id == questionID } }
            answers.send(GuardianResponse(questionID: questionID, approved: approved))
        }
    }

    /// 27.0: which permission flow the guardian question opens with (PermissionKit's
    /// `PermissionFlow`, named here so apps building with older SDKs can still pass one).
    public enum GuardianPermissionFlow: String, Hashable, Sendable, CaseIterable {
        /// "Ask to Approve / Approve in Person / Cancel" first.
        case acknowledgmentAlert
        /// Straight to the Screen Time passcode on this device.
        case approveInPerson
        /// Straight to the Messages sheet.
        case askToApprove
    }

    /// A PermissionKit question kept by the center. `PermissionQuestion` is a class Apple does
    /// not mark `Sendable`; the center never changes one after making it. Held as `Any` because
    /// the type is newer than the package's floor.
    struct SystemQuestion: @unchecked Sendable {
        let question: Any
        init(_ question: Any) { self.question = question }
    }

    /// Reads one `responses(for:)` sequence and hands each answer to the center.
    struct ResponseForwarder: Sendable {
        let center: SystemPermissionCenter

        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
        func run<Responses: AsyncSequence>(_ responses: Responses) async
        where Responses.Element == PermissionResponse<SignificantAppUpdateTopic>, Responses.Failure == Never {
            for await response in responses {
                center.deliver(systemQuestionID: response.question.id, approved: Self.approved(response.choice))
            }
        }

        /// Only an approval approves: a denial, or an answer kind added later, does not.
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
        static func approved(_ choice: PermissionChoice) -> Bool {
            switch choice.answer {
            case .approval: true
            case .denial: false
            @unknown default: false
            }
        }
    }
#endif
