import AgeGating
import AgeSignals
import Foundation

/// Performs the launch sequence's actions with real (or simulated) services and feeds the
/// answers back. Features ask it for their guard every time they run; "Update my consent"
/// goes through it too, so the tracking prompt has exactly one owner.
public actor LaunchSession {
    /// The sequence as it stands: its stage, its decisions and its report.
    public private(set) var sequence: LaunchSequence
    /// Every action performed, in order (the launch's own and those of later events).
    public private(set) var performed: [LaunchSequence.Action] = []
    /// Every "Update my consent" flow run this session.
    public private(set) var consentUpdates: [ConsentUpdate] = []
    /// What the platform and OS offer; the launch never calls what the system lacks.
    public let capabilities: PlatformCapabilities
    private let services: LaunchServices
    private let deadlines: Deadlines
    /// When this launch asked for the age range (recorded for the cadence rule when answered).
    private var askedAt: Timestamp?
    /// The app's age gate, when the app has one: the launch then asks through it (one sheet, one
    /// saved answer, one cadence record), see ``prepare(settings:gate:services:deadlines:)``.
    private let gate: AgeGate?
    /// The gate's launch check of this launch.
    public internal(set) var gateLaunch: AgeGate.LaunchReport?
    /// How many times this session asked the system for the age range.
    public internal(set) var ageRequests = 0

    /// How long the system calls may take before they count as unanswered. The requirement
    /// checks are known to hang; the age sheet waits for a person, so it gets ten minutes (the
    /// gate's and the Apple bridge's prompt deadline).
    public struct Deadlines: Sendable {
        /// How long each requirement check may take.
        public var requirementCheck: Duration
        /// How long the age sheet may take; nil waits for as long as the person does.
        public var ageRequest: Duration?
        /// The clock the deadlines sleep on (a simulated clock in tests).
        public var clock: any AppClock

        /// Ten seconds per check and ten minutes for the sheet by default.
        public init(
            requirementCheck: Duration = .seconds(10), ageRequest: Duration? = .seconds(600),
            clock: any AppClock = SystemClock()
        ) {
            self.requirementCheck = requirementCheck
            self.ageRequest = ageRequest
            self.clock = clock
        }
    }

    /// A session that asks the system itself (no `AgeGate`); ``run()`` performs the launch.
    public init(
        settings: OwnerSettings, context: LaunchContext, platform: Platform = .iOS, services: LaunchServices,
        deadlines: Deadlines = Deadlines()
    ) {
        self.init(
            settings: settings, context: context, platform: platform, services: services, deadlines: deadlines,
            gate: nil)
    }

    init(
        settings: OwnerSettings, context: LaunchContext, platform: Platform, services: LaunchServices,
        deadlines: Deadlines, gate: AgeGate?
    ) {
        self.sequence = LaunchSequence(settings: settings, context: context)
        self.capabilities = PlatformCapabilities(platform: platform, os: context.os)
        self.services = services
        self.deadlines = deadlines
        self.gate = gate
    }

    /// Reads the saved answer and the permission statuses from the services, then builds
    /// the session (no prompt is shown while reading).
    public static func prepare(
        settings: OwnerSettings, os: OSVersion, platform: Platform = .iOS, regionCadence: CadenceRule? = nil,
        adultAnswer: Bool? = nil, services: LaunchServices, deadlines: Deadlines = Deadlines()
    ) async -> LaunchSession {
        var context = LaunchContext(
            os: os, savedAnswer: await services.store.load(), trackingStatus: await services.tracking.status(),
            notificationStatus: await services.notifications.status(),
            locationStatus: await services.location.status(), cadence: await services.store.loadCadence(),
            platform: platform, regionCadence: regionCadence)
        context.adultAnswer = adultAnswer
        return LaunchSession(
            settings: settings, context: context, platform: platform, services: services, deadlines: deadlines)
    }

    /// Runs the sequence from "content ready" until it waits for nothing more.
    @discardableResult
    public func run() async -> LaunchSequence {
        if let gate {
            // The gate's launch check is this launch's only ask; the sequence reads its answer.
            gateLaunch = await gate.launch()
            if gateLaunch?.asked == true { ageRequests += 1 }
        }
        await send(.contentReady)
        if gate == nil {
            await services.store.saveCadence(sequence.cadenceAfterLaunch(at: askedAt ?? Timestamp(services.clock.now)))
        }
        return sequence
    }

    /// The feature guard, consulted every time the feature runs.
    public func allows(_ feature: GuardedFeature) -> Bool { sequence.allows(feature) }

    /// Whether a started tool may still receive events.
    public func toolReceivesEvents(_ feature: GuardedFeature) -> Bool { sequence.toolReceivesEvents(feature) }

    /// Tells the sequence a tool started (so a later "under" answer stops its events).
    public func toolStarted(_ feature: GuardedFeature) async { await send(.toolStarted(feature)) }

    /// A screen wants location; it is asked only after the notification prompt was answered.
    public func requestLocation() async { await send(.locationRequested) }

    /// Feeds an event and performs every action that follows, until the sequence waits.
    public func send(_ event: LaunchSequence.Event) async {
        var queue = sequence.handle(event, at: Timestamp(services.clock.now))
        while !queue.isEmpty {
            let action = queue.removeFirst()
            performed.append(action)
            if let answer = await perform(action) {
                queue += sequence.handle(answer, at: Timestamp(services.clock.now))
            }
            if queue.isEmpty, sequence.stage == .waitingForWelcomeScreens, !sequence.welcomeScreensFinished {
                await services.welcomeScreens.waitUntilFinished()
                queue += sequence.handle(.welcomeScreensFinished, at: Timestamp(services.clock.now))
            }
        }
    }

    /// "Update my consent": refuses under the threshold or while the launch still runs.
    @discardableResult
    public func updateConsent() async -> ConsentUpdate {
        let current = await services.tracking.status()
        var flow = ConsentUpdate(
            settings: sequence.settings, answer: sequence.currentAnswer, trackingStatus: current,
            launchFinished: sequence.isDone)
        var queue = flow.handle(.start, at: Timestamp(services.clock.now))
        var offered: [ConsentUpdate.Action] = []
        while !queue.isEmpty {
            let action = queue.removeFirst()
            offered.append(action)
            switch action {
            case .showConsentForm:
                let event: ConsentUpdate.Event
                do { event = .consentFormClosed(try await services.consent.showForm()) } catch {
                    event = .consentFormFailed
                }
                queue += flow.handle(event, at: Timestamp(services.clock.now))
            case .showTrackingPrompt:
                let status = await services.tracking.requestAuthorization()
                queue += flow.handle(.trackingPromptAnswered(status), at: Timestamp(services.clock.now))
            case .refuse, .offerToOpenSettings:
                break
            }
        }
        consentUpdates.append(flow)
        return flow
    }

    private func perform(_ action: LaunchSequence.Action) async -> LaunchSequence.Event? {
        switch action {
        case .checkAgeRequirement:
            if let gateLaunch { return .ageCheckRequirement(AgeCheckRequirement(gateLaunch.regulation)) }
            return .ageCheckRequirement(await checkRequirement())
        case .requestAgeRange(let gates):
            if let gate { return .ageRange(await askThrough(gate)) }
            askedAt = Timestamp(services.clock.now)
            ageRequests += 1
            let service = services.ageRange
            let request: @Sendable () async throws(AgeRangeProviderError) -> AgeRangeResponse = {
                () async throws(AgeRangeProviderError) -> AgeRangeResponse in
                try await service.requestAgeRange(gates: gates)
            }
            let limit = service.answersWithoutWaiting ? nil : deadlines.ageRequest
            let outcome = await Deadline.run(within: limit, clock: deadlines.clock, request)
            switch outcome {
            case .value(let response): return .ageRange(AgeRangeOutcome(response))
            case .failed(let error): return .ageRange(.failed(error))
            case .timedOut: return .ageRange(.noAnswer)
            }
        case .saveAgeAnswer(let answer):
            // With a gate, the gate's record is the one saved answer.
            if gate == nil { await services.store.save(answer) }
        case .showMessage:
            break  // The app renders `sequence.message`.
        case .stopToolEvents(let features):
            for feature in features { await services.tool(for: feature)?.stopEvents() }
        case .refreshConsent:
            do { return .consentRefreshed(try await services.consent.refresh()) } catch { return .consentRefreshFailed }
        case .showConsentForm:
            do { return .consentFormClosed(try await services.consent.showForm()) } catch { return .consentFormFailed }
        case .showTrackingPrompt:
            return .trackingPromptAnswered(await services.tracking.requestAuthorization())
        case .startAds:
            await services.ads.start()
        case .showNotificationPrompt:
            return .notificationPromptAnswered(await services.notifications.requestAuthorization())
        case .requestLocationPermission:
            return .locationPromptAnswered(await services.location.requestAuthorization())
        }
        return nil
    }

    /// 26.4+ reads the regulatory features and 26.2+ eligibility (not on macOS, where it is
    /// always false), at the same time and each under its own deadline, so a hung eligibility
    /// call never cancels the authoritative check; the launch table
    /// (``LaunchSignals/regulation(on:)``) combines them.
    private func checkRequirement() async -> AgeCheckRequirement {
        let signals = await LaunchSignals.read(
            from: services.ageRange, capabilities: capabilities, deadline: deadlines.requirementCheck,
            clock: deadlines.clock)
        return AgeCheckRequirement(signals.regulation(on: capabilities))
    }
}
