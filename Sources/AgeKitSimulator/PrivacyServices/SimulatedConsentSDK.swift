import AgeSignals
import PrivacyLaunch

/// A deterministic consent SDK in Google UMP's shape: a form is required in the regions
/// that need one (``ConsentRegion``), ads may be requested only after a refresh, and the
/// form records the simulated person's answer with the clock's time.
public final class SimulatedConsentSDK: ConsentService, Sendable {
    /// How the simulated person answers the form.
    public enum FormAnswer: String, Hashable, Sendable, CaseIterable {
        /// Accepts every purpose: personalised ads.
        case acceptAll
        /// Builds an ads profile but refuses selecting ads from it: not personalised ads.
        case profileOnly
        /// Refuses every purpose: no ads profile, no personalised ads.
        case refuseAll
        /// Closes the form without answering.
        case close

        /// The choices the answer records; nil when the form is closed without one.
        public var choices: AdsChoices? {
            switch self {
            case .acceptAll: .acceptAll
            case .profileOnly: AdsChoices(buildAdsProfile: true, selectPersonalisedAds: false)
            case .refuseAll: .refuseAll
            case .close: nil
            }
        }
    }

    /// Where the person is, what they consented to before, and how the SDK behaves.
    public struct Setup: Hashable, Sendable {
        /// Where the SDK places the person: it decides whether a form is required.
        public var region: ConsentRegion
        /// Consent given at an earlier launch.
        public var earlierChoices: AdsChoices?
        /// When the earlier consent was given.
        public var earlierConsentDate: Timestamp?
        /// How the person answers the form when it is shown.
        public var formAnswer: FormAnswer
        /// The owner turned the form off in the SDK's configuration.
        public var formTurnedOffByOwner: Bool
        /// Every refresh throws `network`.
        public var refreshFails: Bool
        /// Showing the form throws `formUnavailable`.
        public var formUnavailable: Bool

        /// A person in no form region, with no earlier consent, who accepts all, unless given.
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

    private let state: Locked<State>
    private let clock: any AppClock
    private let journal: PromptJournal

    /// An SDK that stamps consent with `clock`'s time and records into `journal`.
    public init(_ setup: Setup = Setup(), clock: any AppClock, journal: PromptJournal = PromptJournal()) {
        self.state = Locked(State(setup: setup))
        self.clock = clock
        self.journal = journal
    }

    /// How many times the app refreshed the consent status.
    public var refreshCount: Int { state.withLock { $0.refreshCount } }
    /// How many times the app showed the form (an unavailable form counts).
    public var formCount: Int { state.withLock { $0.formCount } }
    /// The current setup: a form answer updates the earlier choices and their date.
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
        let now = Timestamp(clock.now)
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
