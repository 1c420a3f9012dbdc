import AgeGating
import AgeSignals
import Foundation

extension LaunchSequence {
    /// Feeds one event in. Returns the actions to perform, in order; an event the current
    /// stage did not ask for returns none and is recorded in ``ignoredEvents``.
    public mutating func handle(_ event: Event, at now: Timestamp) -> [Action] {
        switch event {
        case .contentReady:
            guard stage == .waitingForContent else { return ignore(event, at: now, "the content was already ready") }
            records.append(
                StepRecord(
                    step: .content, decision: "ready", reason: "content and account loaded before any privacy step"))
            return startAgeStep(at: now)

        case .ageCheckRequirement(let requirement):
            guard stage == .checkingAgeRequirement else {
                return ignore(event, at: now, "no age check requirement was asked")
            }
            return decideAsk(requirement, at: now)

        case .ageRange(let outcome):
            guard stage == .askingAge else { return ignore(event, at: now, "no age range was requested") }
            answered = outcome.isAnswer
            return applyAge(AgeStep.decide(outcome, threshold: settings.threshold, saved: context.savedAnswer))

        case .consentRefreshed(let status):
            guard stage == .refreshingConsent else { return ignore(event, at: now, "no consent refresh is running") }
            consentStatus = status
            switch ConsentStep.afterRefresh(status, formEnabled: settings.consentFormEnabled, now: now) {
            case .done(let outcome, let reason):
                return finishConsent(outcome, reason: reason)
            case .showForm(let reason):
                stage = .showingConsentForm
                pendingConsentReason = reason
                return [.showConsentForm]
            }

        case .consentRefreshFailed:
            guard stage == .refreshingConsent else { return ignore(event, at: now, "no consent refresh is running") }
            return finishConsent(.failed(.refreshFailed), reason: "the consent refresh failed")

        case .consentFormClosed(let status):
            guard stage == .showingConsentForm else { return ignore(event, at: now, "no consent form is showing") }
            consentStatus = status
            let (outcome, reason) = ConsentStep.afterForm(status)
            return finishConsent(outcome, reason: "\(pendingConsentReason); \(reason)")

        case .consentFormFailed:
            guard stage == .showingConsentForm else { return ignore(event, at: now, "no consent form is showing") }
            return finishConsent(.failed(.formFailed), reason: "\(pendingConsentReason); the form failed to show")

        case .trackingPromptAnswered(let status):
            guard stage == .showingTrackingPrompt else {
                return ignore(event, at: now, "no tracking prompt is showing")
            }
            context.trackingStatus = status
            amendRecord(.tracking, "the person answered: \(status.rawValue)")
            return afterTracking()

        case .welcomeScreensFinished:
            guard settings.hasWelcomeScreens else { return ignore(event, at: now, "the app has no welcome screens") }
            guard !welcomeScreensFinished else { return ignore(event, at: now, "the welcome screens already finished") }
            welcomeScreensFinished = true
            return stage == .waitingForWelcomeScreens ? notificationStep() : []

        case .notificationPromptAnswered(let status):
            guard stage == .showingNotificationPrompt else {
                return ignore(event, at: now, "no notification prompt is showing")
            }
            context.notificationStatus = status
            notificationAnswered = true
            amendRecord(.notifications, "the person answered: \(status.rawValue)")
            return locationStep()

        case .locationPromptAnswered(let status):
            guard stage == .requestingLocation else { return ignore(event, at: now, "no location prompt is showing") }
            context.locationStatus = status
            amendRecord(.location, "the person answered: \(status.rawValue)")
            stage = .finished
            return []

        case .toolStarted(let feature):
            guard feature.isThirdPartyTool else {
                return ignore(event, at: now, "\(feature.rawValue) is not a third-party tool")
            }
            guard allows(feature) else {
                // Started against its guard: stop it at once rather than let it hear anything.
                _ = ignore(event, at: now, "the \(feature.rawValue) guard says no: the tool is stopped at once")
                stoppedTools.insert(feature)
                return [.stopToolEvents([feature])]
            }
            guard !startedTools.contains(feature) else {
                return ignore(event, at: now, "\(feature.rawValue) already started")
            }
            startedTools.insert(feature)
            return []

        case .locationRequested:
            guard allows(.location), settings.usesLocation else {
                return ignore(event, at: now, "location is off for this person or this app")
            }
            guard notificationAnswered else {
                // The sequence asks for location itself once the notification prompt is answered.
                return ignore(event, at: now, "deferred: the notification prompt has not been answered yet")
            }
            guard stage == .finished, context.locationStatus == .notDetermined else {
                return ignore(event, at: now, "location permission is already asked or answered")
            }
            stage = .requestingLocation
            return [.requestLocationPermission]
        }
    }

    // MARK: - Steps

    /// The owner's cadence, tightened by the region's (the same rule as the gate's).
    var cadenceInForce: CadenceRule { CadenceRule.inForce(app: settings.cadence, region: context.regionCadence) }

    private mutating func startAgeStep(at now: Timestamp) -> [Action] {
        switch AgeStep.start(
            settings: settings, os: context.os, platform: context.platform, saved: context.savedAnswer,
            adultAnswer: context.adultAnswer)
        {
        case .decided(let decision):
            return applyAge(decision)
        case .checkRequirement:
            stage = .checkingAgeRequirement
            return [.checkAgeRequirement]
        case .askEveryone:
            return decideAsk(.unknown, at: now)
        }
    }

    /// ``LaunchAsk``, the gate's rule: whether this launch asks, from the requirement, the
    /// cadence in force and the record the last launch left.
    private mutating func decideAsk(_ requirement: AgeCheckRequirement, at now: Timestamp) -> [Action] {
        let regulation = LaunchSignals.Regulation(requirement)
        regulated = regulation != .notRequired
        let ask = LaunchAsk.decide(
            regulation, on: PlatformCapabilities(platform: context.platform, os: context.os),
            cadence: cadenceInForce, record: context.cadence,
            now: Date(timeIntervalSince1970: TimeInterval(now.secondsSince1970)))
        guard ask.asks else {
            return applyAge(
                AgeStep.notAsking(ask, cadence: cadenceInForce, record: context.cadence, saved: context.savedAnswer))
        }
        switch (ask.reason, requirement) {
        case (.lawStarted, _): askReason = ask.reason.summary
        case (.firstLaunchAfterDownload, _):
            askReason =
                "the system says no age check is required; cadence \(cadenceInForce) asks at the first launch after download"
        case (_, .required): askReason = "the system says this person needs an age check"
        case (_, .unknown) where !PlatformCapabilities(platform: context.platform, os: context.os).hasEligibility:
            askReason = "OS \(context.os) (26.0-26.1) has no region check: everyone is asked"
        default: askReason = "the system could not say whether an age check is required: asked (careful side)"
        }
        stage = .askingAge
        return [.requestAgeRange(settings.ageGates)]
    }

    private mutating func applyAge(_ decision: AgeDecision) -> [Action] {
        ageDecision = decision
        let reason = askReason.map { "\($0); \(decision.reason)" } ?? decision.reason
        records.append(
            StepRecord(step: .age, decision: decision.answer.rawValue, reason: reason, rule: decision.rule.rawValue))
        var actions: [Action] = []
        if decision.saves { actions.append(.saveAgeAnswer(decision.answer)) }
        if let shown = decision.message {
            message = shown
            actions.append(.showMessage(shown))
        }
        guard decision.answer == .over else {
            let toStop = startedTools.subtracting(stoppedTools).filter { settings.isOffUnderThreshold($0) }
            if !toStop.isEmpty {
                stoppedTools.formUnion(toStop)
                actions.append(.stopToolEvents(toStop.sorted()))
            }
            stage = .stoppedUnderThreshold
            trackingDecision = .skip(.underThreshold)
            let reason = "the person is under the threshold: the sequence stops after the age step"
            for step in [LaunchStep.consent, .tracking, .ads, .notifications, .location] {
                records.append(
                    StepRecord(
                        step: step, decision: "skipped", reason: reason,
                        rule: step == .tracking ? TrackingSkipReason.underThreshold.rawValue : nil))
            }
            return actions
        }
        stage = .refreshingConsent
        actions.append(.refreshConsent)
        return actions
    }

    private mutating func finishConsent(_ outcome: ConsentOutcome, reason: String) -> [Action] {
        consentOutcome = outcome
        records.append(StepRecord(step: .consent, decision: outcome.code, reason: reason))
        let decision = TrackingStep.decide(
            answer: currentAnswer, consent: outcome, hasAds: settings.hasAds,
            hasTrackingUsageDescription: settings.hasTrackingUsageDescription, status: context.trackingStatus)
        trackingDecision = decision
        switch decision {
        case .show:
            stage = .showingTrackingPrompt
            records.append(
                StepRecord(
                    step: .tracking, decision: "prompt shown", reason: "every condition allows the tracking prompt",
                    rule: decision.code))
            return [.showTrackingPrompt]
        case .skip(let why):
            records.append(StepRecord(step: .tracking, decision: "no prompt", reason: why.summary, rule: why.rawValue))
            return afterTracking()
        }
    }

    private mutating func afterTracking() -> [Action] {
        var actions: [Action] = []
        if !settings.hasAds {
            records.append(StepRecord(step: .ads, decision: "not started", reason: "the app has no ads"))
        } else if startedTools.contains(.ads) {
            adsStarted = true
            records.append(
                StepRecord(step: .ads, decision: "already started", reason: "the app started ads from the saved answer")
            )
        } else if consentStatus?.canRequestAds == true {
            adsStarted = true
            startedTools.insert(.ads)
            records.append(
                StepRecord(step: .ads, decision: "started", reason: "the consent SDK says ads may be requested"))
            actions.append(.startAds)
        } else {
            let why =
                consentStatus == nil ? "the consent refresh failed" : "the consent SDK says ads may not be requested"
            records.append(StepRecord(step: .ads, decision: "not started", reason: why))
        }
        return actions + notificationStep()
    }

    private mutating func notificationStep() -> [Action] {
        if context.notificationStatus != .notDetermined {
            notificationAnswered = true
            records.append(
                StepRecord(
                    step: .notifications, decision: "no prompt",
                    reason: "already answered at an earlier launch (\(context.notificationStatus.rawValue))"))
            return locationStep()
        }
        if settings.hasWelcomeScreens && !welcomeScreensFinished {
            stage = .waitingForWelcomeScreens
            return []
        }
        stage = .showingNotificationPrompt
        let why = settings.hasWelcomeScreens ? "after the welcome screens" : "the app has no welcome screens"
        records.append(StepRecord(step: .notifications, decision: "prompt shown", reason: why))
        return [.showNotificationPrompt]
    }

    private mutating func locationStep() -> [Action] {
        if !settings.usesLocation {
            records.append(
                StepRecord(step: .location, decision: "not requested", reason: "the app does not use location"))
        } else if context.locationStatus != .notDetermined {
            records.append(
                StepRecord(
                    step: .location, decision: "not requested",
                    reason: "already answered at an earlier launch (\(context.locationStatus.rawValue))"))
        } else {
            stage = .requestingLocation
            records.append(
                StepRecord(
                    step: .location, decision: "requested", reason: "last, after the notification prompt was answered"))
            return [.requestLocationPermission]
        }
        stage = .finished
        return []
    }

    /// Adds the answer to the step's record: one record per step.
    private mutating func amendRecord(_ step: LaunchStep, _ addition: String) {
        guard let index = records.lastIndex(where: { $0.step == step }) else { return }
        let record = records[index]
        records[index] = StepRecord(
            step: step, decision: record.decision, reason: "\(record.reason); \(addition)", rule: record.rule)
    }

    private mutating func ignore(_ event: Event, at now: Timestamp, _ reason: String) -> [Action] {
        ignoredEvents.append(IgnoredEvent(event: event, stage: stage, reason: reason, at: now))
        return []
    }
}
