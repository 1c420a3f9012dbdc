import AgeSignals
import Testing

@testable import AgeKitSimulator

private let gates = try! AgeGates([13, 16, 18])

@Suite("the system caches the answer until the anniversary of the declaration")
struct AnniversaryCachingTests {
    /// Born 2014-03-10 (turns 13 on 2027-03-10), declared 2026-09-01.
    static func twelveYearOld(clock: SimulatedClock) -> SimulatedAgeSystem {
        let person = SimulatedPerson(
            name: "kid", birthDate: CalendarDay(2014, 3, 10)!, declaration: .guardianDeclared,
            declaredOn: CalendarDay(2026, 9, 1)!)
        return SimulatedAgeSystem(.init(person: person), clock: clock)
    }

    static func lower(_ system: SimulatedAgeSystem) async throws -> Int? {
        guard case .sharing(let range) = try await system.requestAgeRange(gates: gates) else { return -1 }
        return range.lowerBound
    }

    @Test(
        "anniversary caching across a birthday",
        arguments: [
            ("2027-03-09", nil), ("2027-03-10", nil), ("2027-08-31", nil), ("2027-09-01", 13), ("2028-09-01", 13),
            ("2030-03-10", 13), ("2030-09-01", 16),
        ] as [(String, Int?)])
    func acrossBirthday(day: String, lower: Int?) async throws {
        let clock = SimulatedClock(start: CalendarDay(parsing: day)!.date)
        #expect(try await Self.lower(Self.twelveYearOld(clock: clock)) == lower)
    }

    @Test("an update in Settings refreshes the answer early")
    func settingsUpdate() async throws {
        let clock = SimulatedClock(start: CalendarDay(2027, 4, 1)!.date)
        let system = Self.twelveYearOld(clock: clock)
        #expect(try await Self.lower(system) == nil)
        system.updateAgeInSettings()
        #expect(try await Self.lower(system) == 13)
        #expect(system.setup.person.declaredOn == CalendarDay(2027, 4, 1)!)
    }

    @Test("a February 29 birthday turns a year older on March 1 in common years")
    func leapDay() {
        let born = CalendarDay(2012, 2, 29)!
        #expect(born.years(until: CalendarDay(2025, 2, 28)!) == 12)
        #expect(born.years(until: CalendarDay(2025, 3, 1)!) == 13)
        #expect(born.adding(years: 1) == CalendarDay(2013, 2, 28)!)
        #expect(CalendarDay(parsing: "2025-02-29") == nil)
    }
}

@Suite("version layering: calls, declarations and errors per OS")
struct OSLayeringTests {
    @Test(
        "26.2-26.4 return method cases where 26.5 returns confirmed",
        arguments: [
            ("26.1", .selfDeclared), ("26.2", .paymentChecked), ("26.4", .paymentChecked), ("26.5", .confirmed),
            ("27.0", .confirmed),
        ] as [(String, AgeRangeDeclaration)])
    func declarations(os: String, declaration: AgeRangeDeclaration) throws {
        let capabilities = PlatformCapabilities(platform: .iOS, os: try OSVersion(parsing: os))
        #expect(SimulatedAgeSystem.layered(.confirmed, checkMethod: .paymentChecked, on: capabilities) == declaration)
        #expect(
            SimulatedAgeSystem.layered(.paymentChecked, checkMethod: .paymentChecked, on: capabilities) == declaration)
        #expect(
            SimulatedAgeSystem.layered(.guardianDeclared, checkMethod: .paymentChecked, on: capabilities)
                == .guardianDeclared)
    }

    @Test("a guardian-checked age reads as guardian-declared before 26.2")
    func guardianBefore262() {
        let capabilities = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 0))
        #expect(
            SimulatedAgeSystem.layered(.confirmed, checkMethod: .guardianGovernmentIDChecked, on: capabilities)
                == .guardianDeclared)
    }

    @Test(
        "the 27.0 errors appear only from 27.0",
        arguments: [
            (.declinedOnboarding, "26.5", .notAvailable), (.declinedOnboarding, "27.0", .declinedOnboarding),
            (.network, "26.4", .notAvailable), (.network, "27.0", .network), (.invalidAccount, "27.0", .invalidAccount),
            (.invalidRequest, "26.0", .invalidRequest), (.notAvailable, "26.0", .notAvailable),
        ] as [(AgeRangeProviderError, String, AgeRangeProviderError)])
    func errors(injected: AgeRangeProviderError, os: String, thrown: AgeRangeProviderError) async throws {
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.all[0],
            capabilities: PlatformCapabilities(platform: .iOS, os: try OSVersion(parsing: os)),
            faults: SimulatorFaults(request: .error(injected)))
        await #expect(throws: thrown) { try await system.requestAgeRange(gates: gates) }
    }

    @Test(
        "calls that do not exist on an OS or platform throw notAvailable",
        arguments: [("26.0", Platform.iOS), ("26.1", .iOS), ("26.4", .tvOS), ("26.4", .watchOS), ("26.4", .visionOS)])
    func missingCalls(os: String, platform: Platform) async throws {
        let capabilities = PlatformCapabilities(platform: platform, os: try OSVersion(parsing: os))
        let system = SimulatedAgeSystem(persona: SandboxPersona.all[3], capabilities: capabilities)
        await #expect(throws: AgeRangeProviderError.notAvailable) { try await system.isEligibleForAgeFeatures() }
        await #expect(throws: AgeRangeProviderError.notAvailable) { try await system.requiredRegulatoryFeatures() }
        #expect(system.calls.eligibility == 1)
    }

    @Test("macOS: eligibility always false, yet requestAgeRange works")
    func macOS() async throws {
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.all[1], region: try RegionCatalog.standard.region("US-TX"),
            capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4)))
        #expect(try await system.isEligibleForAgeFeatures() == false)
        #expect(try await system.requestAgeRange(gates: gates) != .declinedSharing)
    }

    @Test("rule 4: macOS never reports declaredAgeRangeRequired, even in a regulated region; consent features remain")
    func macOSNeverRequiresTheRange() async throws {
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.all[1], region: try RegionCatalog.standard.region("US-TX"),
            capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4)))
        let features = try await system.requiredRegulatoryFeatures()
        #expect(!features.contains(.declaredAgeRangeRequired))
        #expect(features.contains(.significantAppChangeRequiresParentalConsent))
    }
}

@Suite("faults: each error, hangs, eligibility misreports")
struct FaultTests {
    @Test("each error of 27.0 can be injected on every call", arguments: AgeRangeProviderError.knownCases)
    func eachError(error: AgeRangeProviderError) async {
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.all[4], capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(27, 0)),
            faults: SimulatorFaults(
                request: .error(error), eligibility: .error(error), regulatoryFeatures: .error(error)))
        await #expect(throws: error) { try await system.requestAgeRange(gates: gates) }
        await #expect(throws: error) { try await system.isEligibleForAgeFeatures() }
        await #expect(throws: error) { try await system.requiredRegulatoryFeatures() }
    }

    @Test(
        "eligibility false negatives as reported in Brazil and Texas, and nowhere else",
        arguments: [("US-TX", false), ("BR", false), ("US-CA", true)])
    func falseNegatives(id: String, eligible: Bool) async throws {
        let clock = SimulatedClock(start: CalendarDay(2027, 2, 1)!.date)
        let system = SimulatedAgeSystem(
            .init(
                person: .aged(14, today: clock.today), region: try RegionCatalog.standard.region(id),
                faults: SimulatorFaults(eligibilityFalseNegative: true)), clock: clock)
        #expect(try await system.isEligibleForAgeFeatures() == eligible)
        #expect(try await system.requiredRegulatoryFeatures().contains(.declaredAgeRangeRequired))
    }

    @Test("eligibility can also read true unexpectedly")
    func falsePositive() async throws {
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.all[3], faults: SimulatorFaults(eligibilityFalsePositive: true))
        #expect(try await system.isEligibleForAgeFeatures())
    }

    @Test("a hang waits on the simulated clock until cancelled")
    func hang() async {
        let system = SimulatedAgeSystem(persona: SandboxPersona.all[3], faults: .hangEverywhere)
        let call = Task { try await system.requestAgeRange(gates: gates) }
        await system.clock.waitForSleepers(1)
        #expect(system.clock.pendingSleepers == 1)
        system.clock.advance(by: .seconds(86_400))
        #expect(system.clock.pendingSleepers == 1)
        call.cancel()
        await #expect(throws: AgeRangeProviderError.notAvailable) { try await call.value }
        #expect(system.clock.pendingSleepers == 0)
    }
}

@Suite("a deterministic clock")
struct SimulatedClockTests {
    @Test("sleepers wake exactly at their deadline, and only when time is moved")
    func sleepers() async throws {
        let clock = SimulatedClock(start: CalendarDay(2026, 1, 1)!.date)
        let woke = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(4_999))
        #expect(clock.pendingSleepers == 1)
        clock.advance(by: .milliseconds(1))
        try await woke.value
        #expect(clock.pendingSleepers == 0)
        #expect(clock.today == CalendarDay(2026, 1, 1)!)
        clock.advance(days: 31)
        #expect(clock.today == CalendarDay(2026, 2, 1)!)
        clock.set(CalendarDay(2020, 1, 1)!.date)
        #expect(clock.today == CalendarDay(2026, 2, 1)!)
    }

    @Test("a cancelled sleeper throws and leaves")
    func cancelled() async {
        let clock = SimulatedClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingSleepers == 0)
    }
}
