import AgeKit

extension CrateModel {
    /// The significant change's text to show now (the app's own notice), until the person
    /// answers; nil when there is none.
    public var notice: String? { services.notices.current }

    /// The person tapped "OK": the change is acknowledged and unblocked.
    public func acknowledgeNotice() { services.notices.acknowledge() }

    /// The person closed the notice: the change stays blocked, and a retry shows it again.
    public func dismissNotice() { services.notices.dismiss() }
}
