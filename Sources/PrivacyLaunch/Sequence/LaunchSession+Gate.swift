import AgeGating
import AgeSignals

extension LaunchSession {
    /// Builds the session of an app that also has an `AgeGate`: one ask machine. The gate's
    /// launch check (`LaunchAsk`) is this launch's only request to the system; the sequence
    /// reads its verdict and its answer instead of asking again, so a person sees one sheet.
    /// The gate's record is the one saved answer (its tier against `settings.threshold`) and
    /// its cadence record, rule and platform are the launch's.
    ///
    /// Refused when the gate cannot say which side of the threshold a person is on (its gates
    /// do not include the threshold), or when the settings name another cadence than the gate's.
    public static func prepare(
        settings: OwnerSettings, gate: AgeGate, services: LaunchServices, deadlines: Deadlines = Deadlines()
    ) async throws(PrivacyLaunchError) -> LaunchSession {
        let configuration = await gate.configuration
        guard configuration.gates.values.contains(settings.threshold) else {
            throw PrivacyLaunchError(
                .invalidSetting,
                "the gate's age gates (\(configuration.gates)) do not include the launch threshold "
                    + "\(settings.threshold): add \(settings.threshold) to the gates, or set 'threshold' to one of them"
            )
        }
        if let cadence = settings.cadence, cadence != configuration.cadence {
            throw PrivacyLaunchError(
                .invalidSetting,
                "the settings' cadence (\(cadence)) differs from the gate's (\(configuration.cadence)): "
                    + "one rule decides when a launch asks, set the same on both")
        }
        let capabilities = configuration.capabilities
        var context = LaunchContext(
            os: capabilities.os, savedAnswer: AgeAnswer(await gate.policy, threshold: settings.threshold),
            trackingStatus: await services.tracking.status(), notificationStatus: await services.notifications.status(),
            locationStatus: await services.location.status(), cadence: await gate.cadenceRecord,
            platform: capabilities.platform, regionCadence: configuration.regionCadence)
        context.adultAnswer = nil
        return LaunchSession(
            settings: settings, context: context, platform: capabilities.platform, services: services,
            deadlines: deadlines, gate: gate)
    }

    /// The answer to the sequence's request: the gate's launch answer when the gate asked,
    /// else one request through the gate (the two rules agree, so this happens only when the
    /// gate's clock and the session's disagree on the day).
    func askThrough(_ gate: AgeGate) async -> AgeRangeOutcome {
        if gateLaunch?.asked != true {
            ageRequests += 1
            _ = await gate.request(.launch)
        }
        return AgeRangeOutcome(policy: await gate.policy, failure: await gate.lastFailure)
    }
}

extension AgeAnswer {
    /// Which side of `threshold` a gate's policy puts the person; nil when it holds no answer.
    public init?(_ policy: AgePolicy, threshold: Int) {
        guard let tier = policy.tier else { return nil }
        self = tier.isAtLeast(threshold) ? .over : .under
    }
}

extension AgeRangeOutcome {
    /// What a gate's request came to, as the age step reads it.
    init(policy: AgePolicy, failure: AgeGate.Failure?) {
        switch (failure, policy) {
        case (.timedOut?, _): self = .noAnswer
        case (.error(let error)?, _): self = .failed(error)
        case (nil, .known(let tier, _, _)):
            self = .sharing(AgeRange(lowerBound: tier.lowerAge == 0 ? nil : tier.lowerAge, upperBound: nil))
        case (nil, .declined): self = .declined
        case (nil, _): self = .noAnswer
        }
    }
}
