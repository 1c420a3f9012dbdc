#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import AgeGating
    import AgeSignals

    /// The core's `AgeRangeProvider` on `DeclaredAgeRange.AgeRangeService.shared`:
    /// the same protocol the simulator implements, so an app swaps one for the other.
    ///
    /// Every call runs under a deadline (``BridgeDeadlines``) in its own task: a call that
    /// hangs ends as `notAvailable` (unavailable for this launch, nothing stored) and never
    /// holds the main actor. A call to a symbol the running OS lacks throws `notAvailable`
    /// without reaching the system.
    public struct SystemAgeRangeService: AgeSignals.AgeRangeProvider {
        private let anchor: AnchorProvider
        private let deadlines: BridgeDeadlines

        /// - Parameters:
        ///   - deadlines: how long each system call may take.
        ///   - anchor: what the age range sheet presents over (a view controller, or a window
        ///     on macOS), read on the main actor when the sheet is due, and again as the app
        ///     becomes active while it finds none.
        public init(deadlines: BridgeDeadlines = BridgeDeadlines(), anchor: @escaping AnchorProvider) {
            self.anchor = anchor
            self.deadlines = deadlines
        }

        public func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
            guard #available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *) else { throw .notAvailable }
            let found = await PresentationWait.first(within: deadlines.activation, clock: deadlines.clock, anchor)
            guard let anchor = found else { throw .notAvailable }
            let values = gates.values
            let second = values.count > 1 ? values[1] : nil
            let third = values.count > 2 ? values[2] : nil
            return try Self.value(
                await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> AgeRangeResponse in
                    let response: SystemAgeRange.Response
                    do {
                        response = try await SystemAgeRange.shared.requestAgeRange(
                            ageGates: values[0], second, third, in: anchor)
                    } catch {
                        throw AgeRangeProviderError(system: error)
                    }
                    return try AgeRangeResponse(system: response)
                })
        }

        public func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool {
            guard #available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *) else { throw .notAvailable }
            return try Self.value(
                await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> Bool in
                    do { return try await SystemAgeRange.shared.isEligibleForAgeFeatures } catch {
                        throw AgeRangeProviderError(system: error)
                    }
                })
        }

        public func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
            guard #available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *) else { throw .notAvailable }
            return try Self.value(
                await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> in
                    do {
                        return Set(
                            try await SystemAgeRange.shared.requiredRegulatoryFeatures.map(RegulatoryFeature.init))
                    } catch {
                        throw AgeRangeProviderError(system: error)
                    }
                })
        }

        /// A call past its deadline did not answer: unavailable, like the core's own timeouts.
        static func value<Value>(
            _ outcome: SystemCallOutcome<Value, AgeRangeProviderError>
        )
            throws(AgeRangeProviderError) -> Value
        {
            switch outcome {
            case .value(let value): return value
            case .failed(let error): throw error
            case .timedOut: throw .notAvailable
            }
        }
    }
#endif
