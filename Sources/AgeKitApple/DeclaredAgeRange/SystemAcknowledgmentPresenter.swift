#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import AgeSignals
    import SignificantChanges

    /// The core's `SignificantChanges.AcknowledgmentPresenter`: the system sheet
    /// (`showSignificantUpdateAcknowledgment(in:updateDescription:)`, 26.4, iOS, iPadOS and Mac
    /// Catalyst) for `SignificantChanges.AcknowledgmentPresentation.systemSheet`, the app's
    /// own notice otherwise (macOS has no sheet, older systems neither).
    ///
    /// The sheet returns when the person acknowledged it; a throw, a passed deadline, or no
    /// scene within ``BridgeDeadlines/activation`` counts as not acknowledged, so the change
    /// stays blocked. The notice likewise: it returns true only once the person acknowledged
    /// the text the app showed them.
    public struct SystemAcknowledgmentPresenter: AcknowledgmentPresenter {
        /// The app's notice: shows the description and returns true only when the person
        /// acknowledged it on screen (false when dismissed, or when it was never seen).
        public typealias Notice = @MainActor @Sendable (String) async -> Bool

        #if canImport(UIKit)
            /// Gives the window scene the acknowledgment sheet presents in (nil while none is active).
            public typealias SceneProvider = @MainActor @Sendable () -> AcknowledgmentScene?
        #else
            public typealias SceneProvider = @MainActor @Sendable () -> Void?
        #endif

        private let scene: SceneProvider
        private let notice: Notice
        private let deadlines: BridgeDeadlines

        /// A presenter that shows the system sheet in `scene`'s window, and the app's own `notice` where there is none.
        public init(
            deadlines: BridgeDeadlines = BridgeDeadlines(), scene: @escaping SceneProvider, notice: @escaping Notice
        ) {
            self.scene = scene
            self.notice = notice
            self.deadlines = deadlines
        }

        public func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool {
            let notice = notice
            if presentation == .systemSheet, let shown = await showSheet(description) { return shown }
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                () async throws(AgeRangeProviderError) -> Bool in
                await notice(description)
            }
            if case .value(true) = outcome { return true }
            return false
        }

        /// Nil where this system has no sheet: the notice stands in.
        private func showSheet(_ description: String) async -> Bool? {
            #if canImport(UIKit)
                guard #available(iOS 26.4, macCatalyst 26.4, *) else { return nil }
                let found = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, scene)
                guard let scene = found else { return false }
                let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> Bool in
                    try await Self.show(description, in: scene)
                }
                if case .value(true) = outcome { return true }
                return false
            #else
                return nil
            #endif
        }

        #if canImport(UIKit)
            @available(iOS 26.4, macCatalyst 26.4, *)
            @MainActor
            private static func show(
                _ description: String, in scene: AcknowledgmentScene
            )
                async throws(AgeRangeProviderError) -> Bool
            {
                do {
                    try await SystemAgeRange.shared.showSignificantUpdateAcknowledgment(
                        in: scene, updateDescription: description)
                    return true
                } catch {
                    throw AgeRangeProviderError(system: error)
                }
            }
        #endif
    }
#endif
