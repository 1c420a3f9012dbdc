#if canImport(StoreKit)
    @preconcurrency import StoreKit
    import AgeGating
    import AgeSignals
    import SignificantChanges

    /// The core's `SignificantChanges.RatingCodeSource` on `AppStore.ageRatingCode` (26.2 on
    /// every Apple OS, none on Mac Catalyst). The code goes to the rating watch as it is: nil
    /// (unavailable) and 0 (Xcode, sandbox, TestFlight) are the watch's business. A read past
    /// its deadline counts as unavailable.
    public struct SystemRatingCodeSource: RatingCodeSource {
        private let deadlines: BridgeDeadlines

        /// A rating-code reader whose system call runs under `deadlines`.
        public init(deadlines: BridgeDeadlines = BridgeDeadlines()) {
            self.deadlines = deadlines
        }

        public func ageRatingCode() async -> Int? {
            #if targetEnvironment(macCatalyst)
                return nil
            #else
                guard #available(iOS 26.2, macOS 26.2, tvOS 26.2, watchOS 26.2, visionOS 26.2, *) else { return nil }
                let outcome = await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                    () async throws(AgeRangeProviderError) -> Int? in
                    await AppStore.ageRatingCode
                }
                if case .value(let code) = outcome { return code }
                return nil
            #endif
        }
    }
#endif
