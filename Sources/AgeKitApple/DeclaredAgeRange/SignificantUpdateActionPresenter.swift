#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS) && !os(macOS)
    @preconcurrency import DeclaredAgeRange
    import AgeSignals
    import SignificantChanges

    /// The core's `SignificantChanges.AcknowledgmentPresenter` on SwiftUI's
    /// `@Environment(\.showSignificantUpdateAcknowledgment)` action (`SignificantUpdateAction`,
    /// 26.4, iOS, iPadOS and Mac Catalyst), which presents from its view: the SwiftUI path. The
    /// in-app notice stands in where the sheet is not the route.
    @available(iOS 26.4, macCatalyst 26.4, *)
    public struct SignificantUpdateActionPresenter: AcknowledgmentPresenter {
        private let action: @MainActor @Sendable () -> MainActorBox<SignificantUpdateAction>?
        private let notice: SystemAcknowledgmentPresenter.Notice
        private let deadlines: BridgeDeadlines

        /// - Parameters:
        ///   - action: a view's `showSignificantUpdateAcknowledgment` environment value.
        ///   - deadlines: how long each system call may take.
        ///   - notice: the app's own notice, where the system sheet is not the route.
        @MainActor
        public init(
            _ action: SignificantUpdateAction, deadlines: BridgeDeadlines = BridgeDeadlines(),
            notice: @escaping SystemAcknowledgmentPresenter.Notice
        ) {
            let box = MainActorBox(action)
            self.init(deadlines: deadlines, notice: notice) { box }
        }

        /// The action of whichever view installed its actions last: the sheet waits (within
        /// ``BridgeDeadlines/activation``) for a view, and counts as not acknowledged without one.
        public init(
            _ actions: SwiftUIActions, deadlines: BridgeDeadlines = BridgeDeadlines(),
            notice: @escaping SystemAcknowledgmentPresenter.Notice
        ) {
            self.init(deadlines: deadlines, notice: notice) {
                actions.showSignificantUpdateAcknowledgment.map(MainActorBox.init)
            }
        }

        private init(
            deadlines: BridgeDeadlines, notice: @escaping SystemAcknowledgmentPresenter.Notice,
            action: @escaping @MainActor @Sendable () -> MainActorBox<SignificantUpdateAction>?
        ) {
            self.action = action
            self.notice = notice
            self.deadlines = deadlines
        }

        public func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool {
            let notice = notice
            var sheet: MainActorBox<SignificantUpdateAction>?
            if presentation == .systemSheet {
                sheet = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, action)
                guard sheet != nil else { return false }
            }
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                [sheet] () async throws(AgeRangeProviderError) -> Bool in
                if let sheet { return try await Self.show(sheet, description) }
                return await notice(description)
            }
            if case .value(true) = outcome { return true }
            return false
        }

        @MainActor
        private static func show(
            _ action: MainActorBox<SignificantUpdateAction>, _ description: String
        )
            async throws(AgeRangeProviderError) -> Bool
        {
            do {
                try await action.value(updateDescription: description)
                return true
            } catch {
                throw AgeRangeProviderError(system: error)
            }
        }
    }
#endif
