#if canImport(PermissionKit) && !os(tvOS) && !os(watchOS) && !targetEnvironment(macCatalyst)
    // `AskCenter.ask(_:in:)` and `askSignificantChangePermission(for:permissionFlow:in:)` are
    // declared in the cross-import overlays `_PermissionKit_UIKit` and `_PermissionKit_AppKit`:
    // this file imports the UI framework itself so that the overlay loads.
    @preconcurrency import PermissionKit
    import AgeGating
    import AgeSignals
    import Foundation
    import SignificantChanges
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    extension SystemPermissionCenter {
        /// The reason a 27.0 question the child closed without sending fails with.
        public static let cancelledBeforeSending = "cancelledBeforeSending"
        /// The reason a question fails with when no anchor turned up within the activation
        /// deadline: nothing was shown, so the flow may ask again.
        public static let nothingToPresentIn = "there was no window to present the question in"
        static let inPersonDelay = Duration.milliseconds(50)

        /// Hands the guardian question to the system: `PermissionQuestion(significantAppUpdateTopic:)`
        /// with the change's description and expiry. Returning means the system took it; the
        /// child may still cancel, and the answer arrives on ``responses()``. Asking for an
        /// adult throws `SignificantChanges.PermissionAskError.notAvailable`.
        public func ask(_ question: GuardianQuestion) async throws(PermissionAskError) {
            guard #available(iOS 26.2, macOS 26.2, visionOS 26.2, *) else { throw .notAvailable }
            startListening()
            let found = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, anchor)
            // Not `notAvailable`, which says the person is an adult: nothing was asked yet.
            guard let anchor = found else { throw .systemError(SystemPermissionCenter.nothingToPresentIn) }
            let questions = questions
            let flow = flow
            // Recorded before asking: the answer may come before `ask` returns.
            let made = SystemQuestion(systemQuestion(for: question))
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                () async throws(PermissionAskError) -> GuardianAskResult in
                let system = made.question as! PermissionQuestion<SignificantAppUpdateTopic>
                do {
                    #if compiler(>=6.4) || AGEKIT_SDK_27
                        if #available(iOS 27.0, macOS 27.0, visionOS 27.0, *), let flow {
                            return try await Self.askWithFlow(system, flow: flow, in: anchor)
                        }
                    #endif
                    try await AskCenter.shared.ask(system, in: anchor)
                    return .sent
                } catch {
                    throw PermissionAskError(system: error)
                }
            }
            switch outcome {
            case .value(.sent):
                return
            case .value(.decidedInPerson(let approved)):
                // Handed to the listener once `ask` has returned and the flow knows the question.
                let clock = deadlines.clock
                let systemID = questions.systemID(for: question.id)
                Task { [self] in
                    try? await clock.sleep(for: Self.inPersonDelay)
                    if let systemID { deliver(systemQuestionID: systemID, approved: approved) }
                }
            case .value(.cancelled):
                // Nothing reached the guardian: the flow treats it as not sent, and offers a retry.
                throw .unknown(Self.cancelledBeforeSending)
            case .value(.unknown(let name)):
                // A result this version does not know: not sent, by its name.
                throw .unknown(name)
            case .failed(let error):
                throw error
            case .timedOut:
                throw .systemError("the permission question did not return within \(deadlines.prompt)")
            }
        }

        #if compiler(>=6.4) || AGEKIT_SDK_27
            /// 27.0: `askSignificantChangePermission(for:permissionFlow:in:)` and its `PermissionResult`.
            @available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
            @MainActor
            static func askWithFlow(
                _ question: PermissionQuestion<SignificantAppUpdateTopic>, flow: GuardianPermissionFlow,
                in anchor: PresentationAnchor
            ) async throws -> GuardianAskResult {
                let systemFlow: PermissionFlow =
                    switch flow {
                    case .acknowledgmentAlert: .acknowledgmentAlert
                    case .approveInPerson: .approveInPerson
                    case .askToApprove: .askToApprove
                    }
                let result = try await AskCenter.shared.askSignificantChangePermission(
                    for: question, permissionFlow: systemFlow, in: anchor)
                return GuardianAskResult(system: result)
            }
        #endif
    }

    /// How a guardian question left the system's sheet.
    enum GuardianAskResult: Hashable, Sendable {
        /// Handed to the guardian; the answer comes later.
        case sent
        /// 27.0: the guardian decided on this device ("Approve in Person").
        case decidedInPerson(approved: Bool)
        /// 27.0: the child cancelled, or closed the message without sending it.
        case cancelled
        /// A result added after this build, by its case name.
        case unknown(String)

        #if compiler(>=6.4) || AGEKIT_SDK_27
            @available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
            init(system result: PermissionResult) {
                switch result {
                case .askToApprove(let didSend): self = didSend ? .sent : .cancelled
                case .approveInPerson(let approved): self = .decidedInPerson(approved: approved)
                case .cancel: self = .cancelled
                @unknown default: self = .unknown(String(describing: result))
                }
            }
        #endif
    }

    extension PermissionAskError {
        /// Any error an `AskCenter` call threw. `AskError.notAvailable` is what asking for an
        /// adult throws (26.2); a case added later keeps its name.
        init(system error: any Error) {
            if let mapped = error as? PermissionAskError {
                self = mapped
                return
            }
            guard #available(iOS 26.1, macOS 26.1, visionOS 26.1, *), let error = error as? AskError
            else {
                self = .systemError(String(describing: error))
                return
            }
            switch error {
            case .notAvailable: self = .notAvailable
            case .invalidQuestion: self = .invalidQuestion
            case .systemError(let underlying): self = .systemError(String(describing: underlying))
            case .unknown: self = .unknown("unknown")
            case .communicationLimitsNotEnabled: self = .communicationLimitsNotEnabled
            case .contactSyncNotSetup: self = .contactSyncNotSetup
            @unknown default: self = .unknown(String(describing: error))
            }
        }
    }
#endif
