#if canImport(PermissionKit) && !os(tvOS) && !os(watchOS) && !targetEnvironment(macCatalyst)
    // The `ask` calls are declared in PermissionKit's cross-import overlays with UIKit and
    // AppKit: this file imports the UI framework itself so that the overlay loads.
    import AgeSignals
    @preconcurrency import PermissionKit
    import AgeGating
    import Foundation
    import SignificantChanges
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    /// The core's `SignificantChanges.CommunicationPermissionCenter` on `AskCenter.shared` with
    /// `PermissionQuestion(communicationTopic:)`: the guardian question that opens a feature
    /// communication limits close. Like ``SystemPermissionCenter``, it listens from launch
    /// (``startListening()``), keeps answers that arrive before the core listens, and keeps the
    /// map of the system's question ids in the app's store.
    public final class SystemCommunicationPermissionCenter: CommunicationPermissionCenter {
        struct State {
            var listening = false
        }

        private let state = Locked(State())
        private let answers = ReplayingBroadcast<GuardianResponse>()
        let questions: QuestionMap
        private let anchor: AnchorProvider
        private let deadlines: BridgeDeadlines

        /// A center that keeps its question-id map in `store` and presents from `anchor`.
        public init(
            store: any KeyValueStore, deadlines: BridgeDeadlines = BridgeDeadlines(), anchor: @escaping AnchorProvider
        ) {
            self.questions = QuestionMap(store: store, key: "agekit.communicationQuestions.v1")
            self.anchor = anchor
            self.deadlines = deadlines
        }

        /// Registers for the guardians' answers once; later calls do nothing.
        public func startListening() {
            guard #available(iOS 26.2, macOS 26.2, visionOS 26.2, *) else { return }
            let first = state.withLock { state in
                defer { state.listening = true }
                return !state.listening
            }
            guard first else { return }
            let sequence = AskCenter.shared.responses(for: CommunicationTopic.self)
            Task { [self] in
                for await response in sequence {
                    deliver(
                        systemQuestionID: response.question.id, approved: ResponseForwarder.approved(response.choice))
                }
            }
        }

        public func responses() -> AsyncStream<GuardianResponse> { answers.stream() }

        /// Hands the question to the system: `AskCenter.ask(_:in:)` with a view controller (iOS,
        /// iPadOS, visionOS), `CommunicationLimits.ask(_:in:)` with a window on macOS, the only
        /// overload Apple documents there for this topic. The 26.x call only returns, so the result is
        /// `SignificantChanges.CommunicationAskResult.handedOver`: whether the child sent it is
        /// not known, and the core's timeout covers a child who did not.
        public func ask(_ question: CommunicationQuestion) async throws(PermissionAskError) -> CommunicationAskResult {
            guard #available(iOS 26.2, macOS 26.2, visionOS 26.2, *) else { throw .notAvailable }
            startListening()
            let found = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, anchor)
            // Not `notAvailable`, which says the person is an adult: nothing was asked yet.
            guard let anchor = found else { throw .systemError(SystemPermissionCenter.nothingToPresentIn) }
            let questions = questions
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                () async throws(PermissionAskError) -> CommunicationAskResult in
                let system = PermissionQuestion(communicationTopic: CommunicationTopic(system: question))
                system.expirationDate = question.expiresAt
                questions.record(system: system.id, agekit: question.id)
                do {
                    #if canImport(UIKit)
                        try await AskCenter.shared.ask(system, in: anchor)
                    #else
                        try await CommunicationLimits.current.ask(system, in: anchor)
                    #endif
                    return .handedOver
                } catch {
                    throw PermissionAskError(system: error)
                }
            }
            switch outcome {
            case .value(let result): return result
            case .failed(let error): throw error
            case .timedOut: throw .systemError("the communication question did not return within \(deadlines.prompt)")
            }
        }

        func deliver(systemQuestionID: UUID, approved: Bool) {
            guard let questionID = questions.agekitID(for: systemQuestionID) else { return }
            answers.send(GuardianResponse(questionID: questionID, approved: approved))
        }
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    extension CommunicationTopic {
        /// The core's question as PermissionKit's topic. An action this SDK lacks (a later
        /// core case) falls back to the general `communicate`.
        init(system question: CommunicationQuestion) {
            let people = question.contacts.map { contact in
                CommunicationTopic.PersonInformation(
                    handle: CommunicationHandle(
                        value: contact.handle, kind: CommunicationHandle.Kind(system: contact.handleKind)),
                    nameComponents: contact.displayName.map { name in
                        var components = PersonNameComponents()
                        components.nickname = name
                        return components
                    })
            }
            self.init(
                personInformation: people, actions: Set(question.actions.map(CommunicationTopic.Action.init(system:))))
        }
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    extension CommunicationTopic.Action {
        init(system action: CommunicationAction) {
            switch action {
            case .message: self = .message
            case .call: self = .call
            case .audioCall: self = .audioCall
            case .videoCall: self = .videoCall
            case .chat: self = .chat
            case .follow: self = .follow
            case .beFollowed: self = .beFollowed
            case .friend: self = .friend
            case .communicate, .unknown: self = .communicate
            }
        }
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    extension CommunicationHandle.Kind {
        init(system kind: CommunicationContact.HandleKind) {
            switch kind {
            case .phoneNumber: self = .phoneNumber
            case .emailAddress: self = .emailAddress
            case .custom: self = .custom
            }
        }
    }
#endif
