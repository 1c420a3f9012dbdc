import Foundation

/// The body of Get Notification History. Send the same body with every page's token.
package struct NotificationHistoryRequest: Sendable, Equatable {
    package var startDate: Date
    package var endDate: Date
    /// One notification type (e.g. `RESCIND_CONSENT`); not together with ``transactionId``.
    package var notificationType: String?
    /// Needs ``notificationType``.
    package var notificationSubtype: String?
    /// Only notifications whose delivery to your server never succeeded.
    package var onlyFailures: Bool
    /// One customer's notifications.
    package var transactionId: String?

    package init(
        startDate: Date, endDate: Date, notificationType: String? = nil, notificationSubtype: String? = nil,
        onlyFailures: Bool = false, transactionId: String? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.onlyFailures = onlyFailures
        self.transactionId = transactionId
    }

    /// Refuses locally what the App Store would refuse, with the same codes, before calling.
    /// The start may lie at most `historyDays` before `now` (a minute of slack for clocks).
    package func validate(environment: APIEnvironment, now: Date) throws(AppStoreServerAPIError) {
        guard endDate > startDate else {
            throw AppStoreServerAPIError(
                .startDateAfterEndDate, "the start date must come before the end date")
        }
        let earliest = now.addingTimeInterval(-Double(environment.historyDays) * 86_400)
        guard startDate >= earliest.addingTimeInterval(-60) else {
            throw AppStoreServerAPIError(
                .startDateTooFarInPast,
                "the start date lies more than \(environment.historyDays) days in the past: \(environment.rawValue) "
                    + "keeps notification history for \(environment.historyDays) days (earliest \(earliest.ISO8601Format()))"
            )
        }
        if notificationSubtype != nil && notificationType == nil {
            throw AppStoreServerAPIError(.invalidArgument, "a notification subtype needs its notification type")
        }
        if notificationType != nil && transactionId != nil {
            throw AppStoreServerAPIError(.invalidArgument, "give a notification type or a transaction id, not both")
        }
    }

    /// JSON as Apple documents it: dates in milliseconds since 1970, absent fields left out.
    func jsonBody() -> Data {
        var object: [String: Any] = [
            "startDate": Int64((startDate.timeIntervalSince1970 * 1000).rounded(.down)),
            "endDate": Int64((endDate.timeIntervalSince1970 * 1000).rounded(.down)),
        ]
        if let notificationType { object["notificationType"] = notificationType }
        if let notificationSubtype { object["notificationSubtype"] = notificationSubtype }
        if onlyFailures { object["onlyFailures"] = true }
        if let transactionId { object["transactionId"] = transactionId }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
