import PrivacyLaunch
import Synchronization

/// A deterministic consent SDK in Google UMP's shape: a form is required in the regions
/// that need one (``ConsentRegion``), ads may be requested only after a refresh, and the
/// form records the simulated person's answer with the clock's time.
public final class SimulatedConsentSDK: ConsentService, Sendable {
    /// How the simulated person answers the form.
    public enum FormAnswer: String, Hashable, Sendable, CaseIterable {
        case acceptAll
        /// Builds an ads profile but refuses selecting ads from it: not personalised ads.
        case profileOnly
        case refuseAll
        /// Closes the form without answering.
        case close

        public var choices: AdsChoices? {
            switch self {
            case .acceptAll: .acceptAll
            case .profileOnly: AdsChoices(buildAdsProfile: true, selectPersonalisedAds: false)
            case .refuseAll: .refuseAll
            case .close: nil
            }
        }
    }

    public struct Setup: Hashable, Sendable {
        public var region: ConsentRegion
        /// Consent given at an earlier launch.
        public var earlierChoices: AdsChoices?
        public var earlierConsentDate: Timestamp?
        public var formAnswer: FormAnswer
        /// The owner turned the form off in the SDK's configuration.
        public var formTurnedOffByOwner: Bool
        public var refreshFails: Bool
        public var formUnavailable: Bool

        public init(
            region: ConsentRegion = .none, earlierChoices: AdsChoices? = nil, earlierConsentDate: Timestamp? = nil,
            formAnswer: FormAnswer = .acceptAll, formTurnedOffByOwner: Bool = false, refreshFails: Bool = false,
            formUnavailable: Bool = false
        ) {
            self.region = region
            self.earlierChoices = earlierChoices
            self.earlierConsentDate = earlierConsentDate
            self.formAnswer = formAnswer
            self.formTurnedOffByOwner = formTurnedOffByOwner
            self.refreshFails = refreshFails
            self.formUnavailable = formUnavailable
        }
    }

    private struct State {
        var setup: Setup
        var refreshed = false
        var refreshCount = 0
        var formCount = 0
    }

    private let state: Mutex<State>
    private let clock: any LaunchClock
    private let journal: PromptJournal

    public init(_ setup: Setup = Setup(), clock: any LaunchClock, journal: PromptJournal = PromptJournal()) {
        self.state = Mutex(State(setup: setup))
        self.clock = clock
        self.journal = journal
    }

    public var refreshCount: Int { state.withLock { $0.refreshCount } }
    public var formCount: Int { state.withLock { $0.formCount } }
    public var setup: Setup { state.withLock { $0.setup } }

    public func refresh() async throws(ConsentServiceError) -> ConsentStatus {
        journal.append(.consentRefresh)
        let failed = state.withLock { state in
            state.refreshCount += 1
            if !state.setup.refreshFails { state.refreshed = true }
            return state.setup.refreshFails
        }
        if failed { throw .network }
        return await currentStatus()
    }

    public func currentStatus() async -> ConsentStatus {
        state.withLock { Self.status(of: $0) }
    }

    public func showForm() async throws(ConsentServiceError) -> ConsentStatus {
        let now = clock.currentTime()
        let result: Result<ConsentStatus, ConsentServiceError> = state.withLock { state in
            guard state.refreshed else { return .failure(.notRefreshed) }
            state.formCount += 1
            guard !state.setup.formUnavailable else { return .failure(.formUnavailable) }
            if let choices = state.setup.formAnswer.choices {
                state.setup.earlierChoices = choices
                state.setup.earlierConsentDate = now
            }
            return .success(Self.status(of: state))
        }
        if case .failure(.notRefreshed) = result {} else { journal.append(.consentForm) }
        return try result.get()
    }

    private static func status(of state: State) -> ConsentStatus {
        let setup = state.setup
        guard state.refreshed else {
            // Before a refresh the SDK knows nothing and allows no ad request.
            return ConsentStatus(
                requirement: .unknown, formAvailable: false, canRequestAds: false,
                formTurnedOffByOwner: setup.formTurnedOffByOwner)
        }
        let requirement: ConsentStatus.Requirement
        if setup.earlierChoices != nil {
            requirement = .obtained
        } else {
            requirement = setup.region.requiresForm ? .required : .notRequired
        }
        return ConsentStatus(
            requirement: requirement, formAvailable: !setup.formUnavailable,
            canRequestAds: requirement != .required || setup.formTurnedOffByOwner, choices: setup.earlierChoices,
            consentDate: setup.earlierConsentDate, formTurnedOffByOwner: setup.formTurnedOffByOwner)
    }
}
