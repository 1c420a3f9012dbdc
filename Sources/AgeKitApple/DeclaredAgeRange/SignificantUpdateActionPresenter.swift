#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS) && !os(macOS)
    @preconcurrency import DeclaredAgeRange
    import AgeSignals
    import SignificantChanges

    /// The core's ``SignificantChanges/AcknowledgmentPresenter`` on SwiftUI's
    /// `@Environment(\.showSignificantUpdateAcknowledgment)` action (`SignificantUpdateAction`,
    /// 26.4, iOS, iPadOS and Mac Catalyst). The in-app notice stands in where it cannot be shown.
    @available(iOS 26.4, macCatalyst 26.4, *)
    public struct SignificantUpdateActionPresenter: AcknowledgmentPresenter {
        private let action: MainActorBox<SignificantUpdateAction>
        private let notice: SystemAcknowledgmentPresenter.Notice
        private let deadlines: BridgeDeadlines

        @MainActor
        public init(
            _ action: SignificantUpdateAction, deadlines: BridgeDeadlines = BridgeDeadlines(),
            notice: @escaping SystemAcknowledgmentPresenter.Notice
        ) {
            self.action = MainActorBox(action)
            self.notice = notice
            self.deadlines = deadlines
        }

        public func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool {
            let (action, notice) = (action, notice)
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                () async throws(AgeRangeServiceError) -> Bool in
                presentation == .systemSheet
                    ? try await Self.show(action, description) : await notice(description)
            }
            if case .value(true) = outcome { return true }
            return false
        }

        @MainActor
        private static func show(
            _ action: MainActorBox<SignificantUpdateAction>, _ description: String
        )
            async throws(AgeRangeServiceError) -> Bool
        {
            do {
                try await action.value(updateDescription: description)
                return true
            } catch {
                throw AgeRangeServiceError(system: error)
            }
        }
    }
#endif
