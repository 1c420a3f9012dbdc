import AgeKit
import AgeKitApple
import Foundation
import Observation

/// VinylCrate's logic: the age gate, the privacy launch sequence (before ads and tracking),
/// the significant-change flow and the communication request. The SwiftUI views only render
/// ``screen(for:)`` and call these methods.
@Observable
@MainActor
public final class CrateModel {
    public let gate: AgeGate
    public let capabilities: PlatformCapabilities
    /// The launch check's report, once ``launch()`` ran.
    public private(set) var launchReport: AgeGate.LaunchReport?
    /// The privacy sequence after it ran (its message, its guards).
    public private(set) var privacy: LaunchSequence?
    /// What the significant-change flow asked the app to show, in order.
    public internal(set) var changeActions: [SignificantChangeFlow.Action] = []
    /// The guardian request for marketplace messages under communication limits.
    public private(set) var communication: CommunicationRequest?
    /// The account linked at `agekit serve` by ``signIn(accountID:link:)``.
    public internal(set) var linkedAccount: String?

    @ObservationIgnored let services: CrateServices
    @ObservationIgnored var driver: SignificantChangeDriver?
    @ObservationIgnored var session: LaunchSession?
    @ObservationIgnored private let clock: any ConsentClock

    /// - Parameter region: what the App Store storefront says about the region's rules
    ///   (`StorefrontRegion.current()`, read at launch); nil sets none.
    public init(
        services: CrateServices, capabilities: PlatformCapabilities, region: StorefrontRegion? = nil,
        clock: any ConsentClock = SystemConsentClock()
    ) {
        self.services = services
        self.capabilities = capabilities
        self.clock = clock
        var configuration = AgeGate.Configuration(gates: CrateFeature.gates, capabilities: capabilities)
        if let region { configuration.apply(region) }
        self.gate = AgeGate(service: services.ageRange, configuration: configuration, store: services.gateStore)
        self.recorder = ActionRecorder()
        recorder.model = self
    }

    /// The change flow, once the original install version is known (from
    /// `AppTransaction.shared`; nil when it cannot be read, which exempts nobody).
    private func makeDriver(originalVersion: AppVersion?) -> SignificantChangeDriver {
        let recorder = recorder
        return SignificantChangeDriver(
            flow: SignificantChangeFlow(
                catalog: CrateCatalog.catalog, originalVersion: originalVersion,
                router: ConsentRouter(capabilities: capabilities)),
            services: .init(
                permissionCenter: services.permissions, acknowledgments: services.acknowledgments,
                ratingCodes: services.ratingCodes,
                ledger: AcknowledgmentLedger(store: services.ledgerStore, personID: "this-person"), clock: clock),
            onAction: { action in Task { @MainActor in recorder.model?.changeActions.append(action) } })
    }

    @ObservationIgnored private let recorder: ActionRecorder

    /// Launch: the guardian listeners first (answers arrive while nothing asks), then the age
    /// check (asks only when the system says so), then the privacy sequence, then the
    /// significant changes routed by the answer.
    public func launch() async {
        services.permissions.startListening()
        services.communication.startListening()
        // One ask per launch: the session runs the gate's launch check and reads its answer.
        let session = try! await LaunchSession.prepare(
            settings: CrateFeature.privacy, gate: gate, services: services.launch)
        self.session = session
        privacy = await session.run()
        guard let report = gate.lastLaunch else { return }
        launchReport = report
        if driver == nil {
            let original = try? await AppTransactionInfo.current().originalVersion
            driver = makeDriver(originalVersion: original)
        }
        await startChanges(report)
    }

    /// What a gated screen shows now.
    public func screen(for feature: CrateFeature) -> CrateScreen {
        let blocking = blockingChange(for: feature)
        if feature == .marketplaceMessages, communication?.isApproved == true,
            gate.decision(for: feature.requirement).reason == .blockedByParentalControls
        {
            return blocking.map { .waitingForConsent(changeID: $0) } ?? .content
        }
        return CrateScreen(gate.decision(for: feature.requirement), blockingChange: blocking)
    }

    /// Opens a screen: asks the system the first time a gated feature is opened with
    /// nothing asked yet (never after a decline).
    public func open(_ feature: CrateFeature) async -> CrateScreen {
        _ = await gate.open(feature.requirement)
        return screen(for: feature)
    }

    /// The "share age range" button: the only way a decline is asked again.
    public func shareAgeRange() async {
        _ = await gate.request(.personTapped)
        if let report = launchReport { await startChanges(report) }
    }

    /// Below 26 there is no age range API: the answer to "Are you 18 or older?", stored as
    /// self-declared.
    public func answerAdultQuestion(_ isAdult: Bool) {
        gate.recordAdultAnswer(isAdult)
    }

    /// The guardian question for messaging `seller` while communication limits are on.
    public func askGuardianToMessage(_ seller: CommunicationContact) async {
        var request =
            communication
            ?? CommunicationRequest(feature: CrateFeature.marketplaceMessages.scopeName, contacts: [seller])
        var queue = request.handle(.ask, at: clock.now)
        while !queue.isEmpty {
            let action = queue.removeFirst()
            guard case .askGuardian(let question) = action else { continue }
            do throws(PermissionAskError) {
                let result = try await services.communication.ask(question)
                queue += request.handle(.askReturned(questionID: question.id, result), at: clock.now)
            } catch {
                queue += request.handle(.askFailed(questionID: question.id, error), at: clock.now)
            }
        }
        communication = request
        listenForCommunicationAnswers()
    }

    /// Hands the guardian's answers to the communication request, for as long as the app runs.
    private func listenForCommunicationAnswers() {
        guard !listeningForCommunication else { return }
        listeningForCommunication = true
        let responses = services.communication.responses()
        Task { [weak self] in
            for await response in responses {
                guard let self else { return }
                _ = self.communication?.handle(.response(response), at: self.clock.now)
            }
        }
    }

    @ObservationIgnored private var listeningForCommunication = false

    /// The change flow after an answer: who is asked follows the age answer.
    private func startChanges(_ report: AgeGate.LaunchReport) async {
        let subject = Self.subject(gate.policy)
        let routing = RegulatoryFeature.forRouting(
            reported: report.signals.regulatoryFeatures, eligible: report.signals.isEligible, subject: subject,
            capabilities: capabilities)
        await driver?.start(subject: subject, features: routing.features)
    }

    static func subject(_ policy: AgePolicy) -> ConsentSubject {
        switch policy {
        case .known(let tier, let source, _): ConsentSubject(tier: tier, trust: source)
        case .declined: .declined
        case .notAsked, .unavailable: .unavailable
        }
    }

    private func blockingChange(for feature: CrateFeature) -> String? {
        blockedChanges.first { $0.scope.contains(feature: feature.scopeName) }?.id
    }

    /// The changes that block something right now, refreshed from the driver.
    public private(set) var blockedChanges: [SignificantChange] = []

    /// Reads the flow's state into ``blockedChanges`` (the views call it after each action).
    public func refreshChanges() async {
        guard let driver else { return }
        blockedChanges = await driver.flow.changes.filter(\.isBlocked).map(\.change)
    }

    /// The significant-change flow's driver, for the views' retry buttons.
    public var changeDriver: SignificantChangeDriver? { driver }
}

/// Lets the driver's action callback reach the model once it exists.
@MainActor
final class ActionRecorder: Sendable {
    weak var model: CrateModel?
}
