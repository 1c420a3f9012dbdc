#if AGEKIT_APPLE_MIRROR
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import AppleMirrorFoundation
    @preconcurrency import AppTrackingTransparency
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import AgeGating
    import AgeKitSimulator
    import AgeSignals
    import Foundation
    import SignificantChanges
    import Testing

    @Suite("StoreKit bridge")
    struct StoreKitBridgeTests {
        @Test(
            "the age rating code reaches the rating watch as it is: nil and 0 are the watch's business",
            arguments: [nil, 0, 4, 9] as [Int?])
        func ratingCode(code: Int?) async {
            let device = MirrorSystem()
            device.storeKit.ageRatingCode = code
            let read = await onMirror(device) { await SystemRatingCodeSource().ageRatingCode() }
            #expect(read == code)
            var watch = RatingWatch()
            let observation = watch.observe(read)
            switch code {
            case nil: #expect(observation == .unavailable)
            case 0: #expect(observation == .developmentCode)
            case let value?: #expect(observation == .baselineSet(value))
            }
        }

        static let storefronts: [(String?, Bool, CadenceRule?)] = [
            ("AUS", true, nil), ("BRA", true, .everyLaunchWhenRequired), ("SGP", true, nil), ("sgp", true, nil),
            ("USA", false, nil), ("FRA", false, nil), (nil, false, nil),
        ]

        @Test(
            "the storefront sets the confirmed-adult rule and the country's cadence; a US state it cannot know",
            arguments: storefronts)
        func storefront(code: String?, confirmedAdult: Bool, cadence: CadenceRule?) async {
            let device = MirrorSystem()
            device.storeKit.storefrontCountryCode = code
            let region = await onMirror(device) { await StorefrontRegion.current(deadlines: Harness.short) }
            #expect(region.countryCode == code)
            #expect(region.adultFeaturesNeedConfirmedAdult == confirmedAdult)
            #expect(region.regionCadence == cadence)
            #expect(device.calls == [.storefront])
            var configuration = AgeGate.Configuration(
                gates: Harness.gates, capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4)))
            configuration.apply(region)
            #expect(configuration.adultFeaturesNeedConfirmedAdult == confirmedAdult)
            #expect(configuration.regionCadence == cadence)
            // An adult who only declared their age: payouts-like 18+ features close where the
            // App Store asks for a confirmed adult.
            let adult = AgePolicy.known(
                tier: AgeTier(lowerBound: 18, gates: Harness.gates), source: .selfDeclared, communicationLimited: false)
            let decision = FeatureRequirement(minimumAge: 18).decide(adult, in: configuration.decisionContext)
            #expect(decision.isAllowed == !confirmedAdult)
        }

        @Test("a hung or missing storefront sets nothing, and applying it never loosens the app's own rule")
        func storefrontUnknown() async {
            let device = MirrorSystem()
            device.storeKit.storefrontHangs = true
            let region = await onMirror(device) { await StorefrontRegion.current(deadlines: Harness.short) }
            #expect(region == StorefrontRegion(countryCode: nil, at: InstantClock().now))
            var configuration = AgeGate.Configuration(
                gates: Harness.gates, capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4)))
            configuration.adultFeaturesNeedConfirmedAdult = true
            configuration.regionCadence = .atMostEvery(months: 12)
            configuration.apply(region)
            #expect(configuration.adultFeaturesNeedConfirmedAdult)
            #expect(configuration.regionCadence == .atMostEvery(months: 12))
        }

        static let countries: [(String, String)] = [("AUS", "AU"), ("BRA", "BR"), ("SGP", "SG")]

        @Test(
            "the storefront's rules are the simulator's region catalog, before and after they apply",
            arguments: countries)
        func storefrontMatchesCatalog(code: String, region id: String) throws {
            let region = try #require(RegionCatalog.standard.regions.first { $0.id == id })
            for day in ["2026-02-23", "2026-02-24", "2027-06-01"] {
                let today = try #require(CalendarDay(parsing: day))
                let rules = StorefrontRegion(countryCode: code, at: today.date)
                #expect(
                    rules.adultFeaturesNeedConfirmedAdult == region.requiresConfirmedAdultForAdultDownloads(on: today))
                #expect(rules.regionCadence == region.cadenceRule(on: today), "\(code) on \(day)")
            }
        }

        static let jws = "eyJhbGciOiJFUzI1NiJ9.eyJhcHBUcmFuc2FjdGlvbklkIjoiNzA1In0.c2ln"

        @Test("the app transaction's JWS is handed to the registration call, with the account id")
        func registration() async throws {
            let device = MirrorSystem()
            device.storeKit.appTransaction = .value(
                .verified(
                    AppTransaction(originalAppVersion: "1.0", appTransactionID: "705", jwsRepresentation: Self.jws)))
            let info = try await onMirror(device) { try await AppTransactionInfo.current() }
            #expect(
                info
                    == AppTransactionInfo(
                        originalAppVersion: "1.0", appTransactionID: "705", jwsRepresentation: Self.jws,
                        isVerified: true))
            let registration = try AppTransactionRegistration(
                server: URL(string: "http://127.0.0.1:8080")!, bundleID: "com.example.vinylcrate",
                accountID: "collector-7",
                signedAppTransaction: info.jwsRepresentation, adminToken: "token")
            #expect(
                registration.url.absoluteString
                    == "http://127.0.0.1:8080/v1/apps/com.example.vinylcrate/app-transactions")
            #expect(registration.headers["Authorization"] == "Bearer token")
            let body = try JSONDecoder().decode([String: String].self, from: registration.body)
            #expect(body == ["accountId": "collector-7", "signedAppTransaction": Self.jws])
        }

        @Test("an unverified app transaction is still sent, marked unverified: the server verifies")
        func unverified() async throws {
            let device = MirrorSystem()
            let transaction = AppTransaction(
                originalAppVersion: "42", appTransactionID: "9", jwsRepresentation: Self.jws)
            device.storeKit.appTransaction = .value(.unverified(transaction, .invalidSignature))
            let info = try await onMirror(device) { try await AppTransactionInfo.current() }
            #expect(!info.isVerified)
            #expect(info.jwsRepresentation == Self.jws)
        }

        static let badRegistrations: [(String, String, String)] = [
            ("", "collector-7", jws), ("com.example.app", "", jws), ("com.example.app", "collector-7", ""),
            ("com/example", "collector-7", jws),
        ]

        @Test(
            "a registration with an empty or unusable field is refused with invalid_input", arguments: badRegistrations)
        func badRegistration(bundle: String, account: String, jws: String) {
            #expect(throws: AgeKitAppleError(.invalidInput, "")) {
                try AppTransactionRegistration(
                    server: URL(string: "http://127.0.0.1:8080")!, bundleID: bundle, accountID: account,
                    signedAppTransaction: jws, adminToken: "t")
            }
        }

        @Test(
            "the original version reaches the change flow as a version, or nil when it is none",
            arguments: [("1.9", AppVersion(1, 9)), ("412", AppVersion(412)), ("", nil), ("2.x", nil)]
                as [(String, AppVersion?)])
        func originalVersion(text: String, version: AppVersion?) {
            let info = AppTransactionInfo(
                originalAppVersion: text, appTransactionID: "1", jwsRepresentation: "x", isVerified: true)
            #expect(info.originalVersion == version)
        }
    }
#endif
