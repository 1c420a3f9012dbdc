#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import AgeSignals

    /// The core's `AgeSignals.AgeRangeProvider` on SwiftUI's `@Environment(\.requestAgeRange)`
    /// action (`DeclaredAgeRangeAction`), which presents from its view and needs no anchor: the
    /// SwiftUI path. The eligibility and regulatory calls, which show nothing, go to
    /// ``SystemAgeRangeService``.
    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
    public struct AgeRangeActionService: AgeSignals.AgeRangeProvider {
        private let action: @MainActor @Sendable () -> MainActorBox<DeclaredAgeRangeAction>?
        private let signals: SystemAgeRangeService
        private let deadlines: BridgeDeadlines

        /// - Parameters:
        ///   - action: a view's `requestAgeRange` environment value.
        ///   - deadlines: how long each system call may take.
        @MainActor
        public init(_ action: DeclaredAgeRangeAction, deadlines: BridgeDeadlines = BridgeDeadlines()) {
            let box = MainActorBox(action)
            self.init(deadlines: deadlines) { box }
        }

        /// The action of whichever view installed its actions last, for services the app makes
        /// at launch: a request waits (within ``BridgeDeadlines/activation``) for a view.
        public init(_ actions: SwiftUIActions, deadlines: BridgeDeadlines = BridgeDeadlines()) {
            self.init(deadlines: deadlines) { actions.requestAgeRange.map(MainActorBox.init) }
        }

        private init(
            deadlines: BridgeDeadlines,
            action: @escaping @MainActor @Sendable () -> MainActorBox<DeclaredAgeRangeAction>?
        ) {
            self.action = action
            self.signals = SystemAgeRangeService(deadlines: deadlines, anchor: { nil })
            self.deadlines = deadlines
        }

        public func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
            let found = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, action)
            guard let action = found else { throw .notAvailable }
            return try SystemAgeRangeService.value(
                await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> AgeRangeResponse in
                    try await Self.ask(action, gates)
                })
        }

        public func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool {
            try await signals.isEligibleForAgeFeatures()
        }

        public func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
            try await signals.requiredRegulatoryFeatures()
        }

        /// Calls the action and maps its answer on the main actor, where the action lives:
        /// Apple's response type is not `Sendable`, so only the core's value leaves.
        @MainActor
        private static func ask(
            _ action: MainActorBox<DeclaredAgeRangeAction>, _ gates: AgeGates
        )
            async throws(AgeRangeProviderError) -> AgeRangeResponse
        {
            let values = gates.values
            let response: SystemAgeRange.Response
            do {
                response = try await action.value(
                    ageGates: values[0], values.count > 1 ? values[1] : nil, values.count > 2 ? values[2] : nil)
            } catch {
                throw AgeRangeProviderError(system: error)
            }
            return try AgeRangeResponse(system: response)
        }
    }

    /// Keeps a value Apple does not mark `Sendable` on the main actor, where it was made.
    @MainActor
    final class MainActorBox<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
#endif
