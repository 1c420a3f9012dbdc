#if canImport(StoreKit)
    @preconcurrency import StoreKit
    import AgeGating
    import AgeSignals
    import Foundation

    /// The region rules a device can learn from its App Store storefront (`Storefront.current`,
    /// an ISO 3166-1 alpha-3 code such as "AUS"): the countries where the App Store lets only
    /// a confirmed adult download an 18+ app (Australia, Brazil, Singapore), whose 18+
    /// features then need one too, and the cadence a country's law sets (Brazil: every
    /// launch). On a device nothing else sets ``AgeGating/AgeGate/Configuration``'s
    /// `adultFeaturesNeedConfirmedAdult` and `regionCadence`.
    ///
    /// What a storefront cannot say: the state. "USA" sets nothing here; a US state's law
    /// reaches the app only through `requiredRegulatoryFeatures`. Nor where the person is: the
    /// storefront is the Apple Account's country, which can differ from where the device is.
    public struct StorefrontRegion: Hashable, Sendable {
        /// The storefront's country code; nil when there was none (or it did not answer).
        public let countryCode: String?
        /// 18+ downloads here need a confirmed adult.
        public let adultFeaturesNeedConfirmedAdult: Bool
        /// The cadence the country's law sets, while it applies.
        public let regionCadence: CadenceRule?

        /// The rules for `countryCode` at `now` (a rule applies from its first day, UTC).
        public init(countryCode: String?, at now: Date) {
            self.countryCode = countryCode
            let rule = countryCode.flatMap { Self.rules[$0.uppercased()] }.flatMap { rule in
                now >= rule.from ? rule : nil
            }
            self.adultFeaturesNeedConfirmedAdult = rule?.confirmedAdult ?? false
            self.regionCadence = rule?.cadence
        }

        /// Reads `Storefront.current` under the signal deadline, at the deadlines' clock's time.
        /// Read it at each launch: the storefront can change at any time, so it is never stored.
        public static func current(deadlines: BridgeDeadlines = BridgeDeadlines()) async -> StorefrontRegion {
            let outcome = await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                () async throws(AgeRangeProviderError) -> String? in
                await Storefront.current?.countryCode
            }
            let code: String? = if case .value(let code) = outcome { code } else { nil }
            return StorefrontRegion(countryCode: code, at: deadlines.clock.now)
        }

        struct Rule: Hashable, Sendable {
            let confirmedAdult: Bool
            let cadence: CadenceRule?
            let from: Date
        }

        /// One row per country, as the simulator's region catalog gives them (a test keeps the
        /// two equal): the App Store's confirmed-adult rule from 2026-02-24 in all three, and
        /// Brazil's age categories at every launch.
        static let rules: [String: Rule] = {
            let from = CivilDay(year: 2026, month: 2, day: 24)!.midnight
            return [
                "AUS": Rule(confirmedAdult: true, cadence: nil, from: from),
                "BRA": Rule(confirmedAdult: true, cadence: .everyLaunchWhenRequired, from: from),
                "SGP": Rule(confirmedAdult: true, cadence: nil, from: from),
            ]
        }()
    }

    extension AgeGate.Configuration {
        /// Adds what the storefront decides. It never loosens: a confirmed-adult rule the app
        /// set stays, and a storefront with no rule leaves both fields as they were.
        public mutating func apply(_ region: StorefrontRegion) {
            adultFeaturesNeedConfirmedAdult = adultFeaturesNeedConfirmedAdult || region.adultFeaturesNeedConfirmedAdult
            regionCadence = region.regionCadence ?? regionCadence
        }
    }
#endif
