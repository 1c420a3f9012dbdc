import AgeGating
import AgeSignals
import Foundation
import Observation
import PrivacyLaunch
import SignificantChanges

/// AgeKit in an app, as one object: the age answer, the privacy launch sequence, the
/// significant changes, the guardian and communication listeners and the rating watch,
/// started once in the only order that loses no answer. Views read ``status(of:)`` for each
/// feature and call the actions a button performs; everything else is kept inside.
///
/// The same object runs on Linux against the simulator (`AgeKitSimulator`), so an app's
/// logic is tested there; on Apple platforms `AgeKitApple` supplies the system services.
@Observable
@MainActor
public final class AgeAssurance {
    /// The app's own choices: its features and gates, its change catalog, its privacy
    /// settings and the device it runs on.
    public struct Configuration: Sendable {
        /// The features with their requirements, the gates and the cadence (`AppProfile`).
        public var profile: AppProfile
        /// The privacy launch sequence's settings; its threshold must be one of the gates.
        public var privacy: OwnerSettings
        /// The app's significant changes, each with the versions it applies to.
        public var catalog: ChangeCatalog
        /// What the platform and OS offer; nothing the system lacks is called.
        public var capabilities: PlatformCapabilities
        /// How consent is routed when the age is unconfirmed, declined or unavailable.
        public var routing: RoutingSettings
        /// Whose acknowledgments the ledger keeps (one person per install by default).
        public var personID: String

        /// The app's choices; only the profile, the catalog and the capabilities have no default.
        public init(
            profile: AppProfile, privacy: OwnerSettings = OwnerSettings(), catalog: ChangeCatalog,
            capabilities: PlatformCapabilities, routing: RoutingSettings = .standard, personID: String = "this-person"
        ) {
            self.profile = profile
            self.privacy = privacy
            self.catalog = catalog
            self.capabilities = capabilities
            self.routing = routing
            self.personID = personID
        }
    }

    /// The app's choices the object was made with.
    public let configuration: Configuration
    /// The age gate: its policy decides every feature.
    public let gate: AgeGate
    /// The launch sequence once it ran (its message, its guards).
    public private(set) var launch: LaunchSequence?
    /// The changes that block a feature now.
    public private(set) var blockedChanges: [SignificantChange] = []
    /// The communication request of each feature that asked a guardian.
    public private(set) var communication: [String: CommunicationRequest] = [:]
    /// Why ``start()`` could not run the launch (a configuration the launch refuses).
    public private(set) var startFailure: PrivacyLaunchError?

    @ObservationIgnored let services: Services
    @ObservationIgnored private var session: LaunchSession?
    @ObservationIgnored private var driver: SignificantChangeDriver?
    @ObservationIgnored private var started = false
    @ObservationIgnored private var listeners: [Task<Void, Never>] = []

    /// One object for the app's age assurance, built from its choices and the system's services.
    public init(configuration: Configuration, services: Services) {
        self.configuration = configuration
        self.services = services
        var gateConfiguration = AgeGate.Configuration(
            gates: configuration.profile.gates, capabilities: configuration.capabilities,
            cadence: configuration.profile.cadence)
        gateConfiguration.regionCadence = services.regionRules.cadence
        gateConfiguration.adultFeaturesNeedConfirmedAdult = services.regionRules.adultFeaturesNeedConfirmedAdult
        gate = AgeGate(service: services.ageRange, configuration: gateConfiguration, store: services.store)
    }

    /// Starts everything once (later calls do nothing): the guardian listeners first, so no
    /// answer that arrives while the launch runs is lost; then the launch (one age request
    /// at most, through the gate); then the significant changes routed by the answer.
    public func start() async {
        guard !started else { return }
        started = true
        services.permissions.startListening()
        services.communication.startListening()
        listenForCommunicationAnswers()
        do {
            var privacy = configuration.privacy
            if privacy.cadence == nil { privacy.cadence = configuration.profile.cadence }
            let session = try await LaunchSession.prepare(settings: privacy, gate: gate, services: services.launch)
            self.session = session
            launch = await session.run()
        } catch {
            startFailure = error
            await gate.launch()
        }
        let original = await services.originalVersion()
        driver = makeDriver(originalVersion: original)
        await routeChanges()
    }

    /// What the screen of `feature` shows now: open, or the next step and why.
    public func status(of feature: String) -> FeatureStatus {
        guard let requirement = configuration.profile.features.first(where: { $0.name == feature })?.requirement
        else { return FeatureStatus(decision: .allowed, blockingChange: nil) }
        let decision = gate.decision(for: requirement)
        let blocking = blockedChanges.first { $0.scope.contains(feature: feature) }?.id
        if decision.reason == .blockedByParentalControls, communication[feature]?.isApproved == true {
            return FeatureStatus(decision: .allowed, blockingChange: blocking)
        }
        return FeatureStatus(decision: decision, blockingChange: blocking)
    }

    /// Whether a third-party tool or a prompt guarded by the launch may run now.
    public func allows(_ feature: GuardedFeature) -> Bool { launch?.allows(feature) ?? false }

    /// Opens a feature: asks the system on the first use of a gated feature when nothing was
    /// asked (never after a decline), then says what the screen shows.
    @discardableResult
    public func open(_ feature: String) async -> FeatureStatus {
        if let requirement = configuration.profile.features.first(where: { $0.name == feature })?.requirement {
            _ = await gate.open(requirement)
            await routeChanges()
        }
        return status(of: feature)
    }

    /// The "share age range" button: the only way a decline is asked again.
    public func shareAgeRange() async {
        _ = await gate.request(.personTapped)
        await routeChanges()
    }

    /// The answer to "Are you 18 or older?" where there is no age range API.
    public func answerAdultQuestion(_ isAdult: Bool) async {
        gate.recordAdultAnswer(isAdult)
        await routeChanges()
    }

    /// Asks a guardian to let the person talk to `contacts` in `feature` (communication limits).
    public func askGuardian(for feature: String, contacts: [CommunicationContact]) async {
        var request = communication[feature] ?? CommunicationRequest(feature: feature, contacts: contacts)
        var queue = request.handle(.ask, at: services.clock.now)
        while !queue.isEmpty {
            guard case .askGuardian(let question) = queue.removeFirst() else { continue }
            do throws(PermissionAskError) {
                let result = try await services.communication.ask(question)
                queue += request.handle(.askReturned(questionID: question.id, result), at: services.clock.now)
            } catch {
                queue += request.handle(.askFailed(questionID: question.id, error), at: services.clock.now)
            }
        }
        communication[feature] = request
    }

    /// The app's own notice of a significant change to show now, until the person answers;
    /// nil when there is none. Only ``acknowledgeNotice()`` acknowledges the change.
    public var notice: String? { services.notices.current }

    /// The person tapped "OK" on the notice: the change is acknowledged and unblocked.
    public func acknowledgeNotice() { services.notices.acknowledge() }

    /// The person closed the notice: the change stays blocked, and ``retry(_:)`` shows it again.
    public func dismissNotice() { services.notices.dismiss() }

    /// Asks again for the change `changeID` (a "try again" button): the guardian question, the
    /// sheet or the notice, as its route says.
    public func retry(_ changeID: String) async {
        await driver?.send(.retry(changeID: changeID))
        await refreshBlockedChanges()
    }

    /// Reads the changes' state again (after the app returns to the foreground, or a retry).
    public func refresh() async {
        await driver?.checkRating()
        await refreshBlockedChanges()
    }

    /// Stops the listeners (an app never needs to; tests do).
    public func stop() async {
        for listener in listeners { listener.cancel() }
        listeners = []
        await driver?.stop()
    }

    // MARK: - Inside

    private func makeDriver(originalVersion: AppVersion?) -> SignificantChangeDriver {
        SignificantChangeDriver(
            flow: SignificantChangeFlow(
                catalog: configuration.catalog, originalVersion: originalVersion,
                router: ConsentRouter(settings: configuration.routing, capabilities: configuration.capabilities)),
            services: .init(
                permissionCenter: services.permissions, acknowledgments: services.acknowledgments,
                ratingCodes: services.ratingCodes,
                ledger: AcknowledgmentLedger(store: services.ledgerStore, personID: configuration.personID),
                clock: services.clock),
            onAction: { [weak self] _ in Task { @MainActor in await self?.refreshBlockedChanges() } })
    }

    /// The change flow after an answer: who is asked follows the age answer.
    private func routeChanges() async {
        guard let driver else { return }
        let signals = gate.lastLaunch?.signals ?? LaunchSignals()
        let subject = ConsentSubject(gate.policy)
        let routing = RegulatoryFeature.forRouting(
            reported: signals.regulatoryFeatures, eligible: signals.isEligible, subject: subject,
            capabilities: configuration.capabilities)
        await driver.start(subject: subject, features: routing.features)
        await refreshBlockedChanges()
    }

    private func refreshBlockedChanges() async {
        guard let driver else { return }
        blockedChanges = await driver.flow.changes.filter(\.isBlocked).map(\.change)
    }

    /// Hands the guardian's communication answers to their requests, for as long as the app runs.
    private func listenForCommunicationAnswers() {
        let responses = services.communication.responses()
        listeners.append(
            Task { [weak self] in
                for await response in responses {
                    guard let self else { return }
                    for feature in self.communication.keys {
                        _ = self.communication[feature]?.handle(.response(response), at: self.services.clock.now)
                    }
                }
            })
    }
}

extension ConsentSubject {
    /// Who a change's consent is asked of, from the gate's policy.
    public init(_ policy: AgePolicy) {
        switch policy {
        case .known(let tier, let source, _): self.init(tier: tier, trust: source)
        case .declined: self = .declined
        case .notAsked, .unavailable: self = .unavailable
        }
    }
}
