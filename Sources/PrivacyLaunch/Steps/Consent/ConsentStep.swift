/// The consent step: refresh always (the SDK reports that ads may be requested only after a
/// refresh, even when the owner turned the form off), then show the form when the SDK
/// requires it or when the stored consent is older than 13 months.
public enum ConsentStep {
    /// Consent older than this many months is asked again.
    public static let maximumAgeInMonths = 13

    /// What the consent step does after the refresh.
    public enum Plan: Hashable, Sendable {
        /// No form: the step ends with this outcome, and the reason for the report.
        case done(ConsentOutcome, reason: String)
        /// Show the consent form, and the reason for the report.
        case showForm(reason: String)
    }

    /// Whether consent given at `date` is too old at `now`.
    public static func isExpired(consentDate date: Timestamp, now: Timestamp) -> Bool {
        date.adding(months: maximumAgeInMonths) < now
    }

    /// What to do after a successful refresh.
    public static func afterRefresh(_ status: ConsentStatus, formEnabled: Bool, now: Timestamp) -> Plan {
        if !formEnabled || status.formTurnedOffByOwner {
            return .done(.formTurnedOff, reason: "refreshed; the owner turned the consent form off")
        }
        switch status.requirement {
        case .unknown:
            return .done(
                .failed(.requirementUnknown), reason: "refreshed, but the SDK cannot say whether a form is required")
        case .notRequired:
            return .done(.noFormRequired, reason: "refreshed; no consent form is required for this person")
        case .required:
            guard status.formAvailable else {
                return .done(.failed(.formUnavailable), reason: "a consent form is required but none is available")
            }
            return .showForm(reason: "a consent form is required for this person")
        case .obtained:
            guard let date = status.consentDate, isExpired(consentDate: date, now: now) else {
                // Without a date the SDK is the authority: it said consent was obtained.
                let given = status.consentDate.map { " (given \($0))" } ?? ""
                return .done(
                    .keptEarlierAnswer(status.choices ?? .refuseAll),
                    reason: "refreshed; consent given less than \(maximumAgeInMonths) months ago\(given) is kept")
            }
            guard status.formAvailable else {
                return .done(
                    .failed(.formUnavailable),
                    reason: "consent given \(date) is older than \(maximumAgeInMonths) months and no form is available")
            }
            return .showForm(reason: "consent given \(date) is older than \(maximumAgeInMonths) months: asked again")
        }
    }

    /// How the step ends once the form closed with `status`.
    public static func afterForm(_ status: ConsentStatus) -> (outcome: ConsentOutcome, reason: String) {
        switch status.requirement {
        case .obtained: break
        case .notRequired: return (.noFormRequired, "the consent form closed; no consent is required for this person")
        case .required, .unknown: return (.failed(.formNotAnswered), "the consent form closed without an answer")
        }
        let choices = status.choices ?? .refuseAll
        let verdict = choices.acceptsPersonalisedAds ? "accepted" : "did not accept"
        return (.answered(choices), "the person answered the consent form and \(verdict) personalised ads")
    }
}
