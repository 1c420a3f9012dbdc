/// One page of Get Notification History: at most 20 records.
package struct NotificationHistoryPage: Sendable, Equatable, Decodable {
    package var notificationHistory: [NotificationHistoryItem]
    package var hasMore: Bool
    /// Send it back with the same request body for the next page.
    package var paginationToken: String?

    package init(notificationHistory: [NotificationHistoryItem], hasMore: Bool, paginationToken: String?) {
        self.notificationHistory = notificationHistory
        self.hasMore = hasMore
        self.paginationToken = paginationToken
    }

    enum CodingKeys: String, CodingKey {
        case notificationHistory, hasMore, paginationToken
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationHistory = try container.decode([NotificationHistoryItem].self, forKey: .notificationHistory)
        hasMore = try container.decodeIfPresent(Bool.self, forKey: .hasMore) ?? false
        paginationToken = try container.decodeIfPresent(String.self, forKey: .paginationToken)
    }
}

/// One notification the App Store tried to send, and how each attempt went.
package struct NotificationHistoryItem: Sendable, Equatable, Codable {
    /// The notification exactly as it was posted: `{"signedPayload": ...}`'s value.
    package var signedPayload: String
    package var sendAttempts: [SendAttempt]?

    package init(signedPayload: String, sendAttempts: [SendAttempt]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}

/// One delivery attempt: when, and `SUCCESS` or the failure Apple saw (`TIMED_OUT`, ...).
package struct SendAttempt: Sendable, Equatable, Codable {
    /// Milliseconds since 1970.
    package var attemptDate: Int64?
    package var sendAttemptResult: String?

    package init(attemptDate: Int64? = nil, sendAttemptResult: String? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }

    package var succeeded: Bool { sendAttemptResult == "SUCCESS" }
}
