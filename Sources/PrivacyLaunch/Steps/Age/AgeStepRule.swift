/// The rows of DOMAIN §4's age-step table, in table order. Every age decision names the row
/// that produced it, so a report and a test can say which rule applied.
public enum AgeStepRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Age protection is off: over the threshold, nobody is asked.
    case protectionOff
    /// The OS is older than 26 (no age range API): over the threshold, not asked.
    case osBelow26
    /// 26.2+: the system says this person needs no age check: over, saved.
    case noCheckRequired
    /// A shared range whose lower bound is at or above the threshold: over, saved.
    case sharedAtOrAboveThreshold
    /// A shared range whose lower bound is below the threshold (or absent): under, saved.
    case sharedBelowThreshold
    /// Declined or no answer, with an answer saved at an earlier launch: that answer.
    case declinedUsesSavedAnswer
    /// Declined or no answer and nothing saved: under, with "Age verification not possible".
    case declinedWithoutSavedAnswer
    /// The cadence rule says the next request is not due (Alabama: about once per 12 months):
    /// not asked; the answer saved at the last request (under, with the message, when none).
    case cadenceNotDue
    /// No age range API on this platform (visionOS, tvOS, watchOS): the answer saved at an
    /// earlier launch, never a request.
    case noAgeRangeAPIUsesSavedAnswer
    /// No age range API and nothing saved: the answer to the app's own "18 or older?"
    /// question, saved.
    case adultQuestion
    /// macOS never asks at launch (seed 000): the answer saved when the person shared on tap,
    /// else over, saved, as where the system says no check is required (seed 002).
    case macNeverAsksAtLaunch
    /// No age range API, nothing saved, no answer to the app's question: under, with the message.
    case noAgeRangeAPIWithoutAnswer

    /// One line for reports.
    public var summary: String {
        switch self {
        case .protectionOff: "age protection is off: counts as over the threshold, not asked"
        case .osBelow26: "OS older than 26 has no age range API: counts as over the threshold, not asked"
        case .noCheckRequired: "the system says no age check is required for this person: over, saved"
        case .sharedAtOrAboveThreshold: "the shared range starts at or above the threshold: over, saved"
        case .sharedBelowThreshold: "the shared range starts below the threshold: under, saved"
        case .declinedUsesSavedAnswer: "declined or no answer: the answer saved at an earlier launch"
        case .declinedWithoutSavedAnswer:
            "declined or no answer and nothing saved: under, 'Age verification not possible' shown"
        case .cadenceNotDue: "the cadence rule says no request is due: the answer saved at the last request"
        case .noAgeRangeAPIUsesSavedAnswer:
            "no age range API on this platform: the answer saved at an earlier launch, never a request"
        case .adultQuestion: "no age range API on this platform: the app's own \"18 or older?\" answer, saved"
        case .macNeverAsksAtLaunch:
            "the Mac never asks at launch: the answer saved when the person shared on tap, else over (no check is required), saved"
        case .noAgeRangeAPIWithoutAnswer:
            "no age range API, nothing saved and no answer to the app's question: under, 'Age verification not possible' shown"
        }
    }
}
