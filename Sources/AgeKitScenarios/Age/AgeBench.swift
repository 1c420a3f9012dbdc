import AgeGating
import AgeKitSimulator
import AgeSignals

/// `agekit age bench` (not listed in help): the cost of a feature decision and the
/// simulator's throughput. Meant for release builds, see bench/age.sh. The stopwatch is the
/// only time it reads: the monotonic clock by default, as a benchmark needs.
package enum AgeBench {
    package static func run(
        iterations: Int, stopwatch clock: some Clock<Duration> = ContinuousClock()
    ) async -> AgeJSON {
        let gates = try! AgeGates([13, 16, 18])
        var policies: [AgePolicy] = [.notAsked, .declined, .unavailable]
        for tier in AgeTier.all(for: gates) {
            for source in TrustLevel.allCases {
                policies.append(.known(tier: tier, source: source, communicationLimited: false))
                policies.append(.known(tier: tier, source: source, communicationLimited: true))
            }
        }
        let features = AppProfile.example.features.map(\.requirement)

        // Decisions: a policy and a feature from tables, so nothing is hoisted out of the loop.
        var allowed = 0
        let decisionTime = clock.measure {
            for index in 0..<iterations {
                let policy = policies[index % policies.count]
                let feature = features[(index / policies.count) % features.count]
                if feature.decide(policy).isAllowed { allowed &+= 1 }
            }
        }

        // Simulator: requests through the service protocol, one system.
        let system = SimulatedAgeSystem(persona: SandboxPersona.all[1])
        let service: any AgeRangeProvider = system
        let requests = max(1, iterations / 50)
        var shared = 0
        let requestStart = clock.now
        for _ in 0..<requests {
            if case .sharing = try? await service.requestAgeRange(gates: gates) { shared &+= 1 }
        }
        let requestTime = requestStart.duration(to: clock.now)

        // The sweep: every persona, region and OS version, all three calls.
        let versions = ["26.0", "26.1", "26.2", "26.3", "26.4", "26.5", "27.0"].map { try! OSVersion(parsing: $0) }
        var sweepCalls = 0
        let sweepStart = clock.now
        for persona in SandboxPersona.all {
            for region in RegionCatalog.standard.regions {
                for os in versions {
                    let system = SimulatedAgeSystem(
                        persona: persona, region: region, capabilities: PlatformCapabilities(platform: .iOS, os: os))
                    _ = try? await system.requestAgeRange(gates: gates)
                    _ = try? await system.isEligibleForAgeFeatures()
                    _ = try? await system.requiredRegulatoryFeatures()
                    sweepCalls += 3
                }
            }
        }
        let sweepTime = sweepStart.duration(to: clock.now)

        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        return .object([
            "decisions": .int(iterations),
            "decisionNanoseconds": .double((seconds(decisionTime) * 1e9 / Double(iterations) * 100).rounded() / 100),
            "decisionsAllowed": .int(allowed),
            "simulatorRequests": .int(requests),
            "simulatorRequestsPerSecond": .int(Int(Double(requests) / max(seconds(requestTime), 1e-9))),
            "simulatorShared": .int(shared),
            "sweepCalls": .int(sweepCalls),
            "sweepMilliseconds": .double((seconds(sweepTime) * 1e5).rounded() / 100),
        ])
    }
}
