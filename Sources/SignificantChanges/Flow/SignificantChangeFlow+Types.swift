import AgeSignals
import Foundation

extension SignificantChangeFlow {
    /// What happened; the caller feeds each one to ``SignificantChangeFlow/handle(_:at:)``.
    public enum Event: Hashable, Sendable {
        /// The age answer and the required features are known (again): route every change.
        case evaluate(subject: ConsentSubject, features: Set<RegulatoryFeature>)
        /// What the ledger holds, read at launch or reported from another device.
        case ledgerChanged(changeID: String, LedgerEntry)
        /// The App Store age rating code was read.
        case ratingCode(Int?)
        /// The question was handed to the system.
        case questionSent(changeID: String, questionID: String)
        /// Asking failed; ``PermissionAskError/notAvailable`` means the person is an adult.
        case askFailed(changeID: String, PermissionAskError)
        /// A guardian's answer; an answer to a question the flow never sent is ignored.
        case guardianResponse(GuardianResponse)
        /// The system reported that the child cancelled before sending (27.0).
        case childCancelled(questionID: String)
        /// The person acknowledged the change in the sheet or notice.
        case acknowledged(changeID: String)
        /// The person asked to try again.
        case retry(changeID: String)
        /// Time passed.
        case tick
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// The route chosen, and the table row that chose it.
        case routed(ConsentRouter.Decision)
        /// The person installed at or after the change's version: no consent is needed.
        case exempt(changeID: String, installedVersion: AppVersion)
        /// The original install version cannot be compared with this change: nothing is exempt.
        case exemptionNotComparable(changeID: String, reason: String)
        /// What the rating watch made of the latest rating code.
        case rating(RatingWatch.Observation)
        /// The rating baseline is now this code: save it.
        case ratingBaselineMoved(to: Int)
        /// Keep the person out of the scope until told otherwise.
        case block(changeID: String, ChangeScope)
        /// Let the person into the scope again.
        case unblock(changeID: String, ChangeScope)
        /// Hand this question to the system for the guardian.
        case askGuardian(GuardianQuestion)
        /// Show that the question waits for the guardian until `expiresAt`.
        case showPending(changeID: String, expiresAt: Date)
        /// Show the adult the change's description to acknowledge, in this presentation.
        case showAcknowledgment(changeID: String, description: String, AcknowledgmentPresentation)
        /// Explain why the scope is blocked while no one can be asked.
        case explainBlocked(changeID: String, BlockExplanation)
        /// This device cannot ask: explain, and say consent is given on another device.
        case routeToOtherDevice(changeID: String, description: String)
        /// Write the resolution to the acknowledgment ledger.
        case record(changeID: String, LedgerEntry.Resolution, at: Date)
        /// Write the denial to the acknowledgment ledger.
        case recordDenial(changeID: String, at: Date)
        /// Show the guardian's denial; `canRetry` says whether to offer asking again.
        case showDenied(changeID: String, canRetry: Bool)
        /// Show that the question expired unanswered; `canRetry` says whether to offer asking again.
        case showExpired(changeID: String, canRetry: Bool)
        /// Show why the question could not be asked.
        case showAskFailed(changeID: String, reason: String)
        /// Ask the system for the age range again (the retry path of a blocked route).
        case requestAgeRangeAgain(changeID: String)
        /// The change's flow ended on this device.
        case ended(changeID: String, ChangeProgress.Status, reason: String)
        /// An event with no effect, and why.
        case ignored(String)
    }

    /// Why a scope is blocked when no one can be asked right now.
    public enum BlockExplanation: String, Hashable, Sendable {
        /// The adult must verify their account in Settings.
        case verifyAccountInSettings
        /// The age is unknown (declined or unavailable): share it to continue.
        case shareAgeRangeToContinue
    }
}
