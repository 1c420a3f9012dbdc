/// One page of Get Notification History: at most 20 records.
public struct NotificationHistoryPage: Sendable, Equatable, Decodable {
    public var notificationHistory: [NotificationHistoryItem]
    public var hasMore: Bool
    /// Send it back with the same request body for the next page.
    public var paginationToken: String?

    public init(notificationHistory: [NotificationHistoryItem], hasMore: Bool, paginationToken: String?) {
        self.notificationHistory = notificationHistory
        self.hasMore = hasMore
        self.paginationToken = paginationToken
    }

    enum CodingKeys: String, CodingKey {
        case notificationHistory, hasMore, paginationToken
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationHistory = try container.decode([NotificationHistoryItem].self, forKey: .notificationHistory)
        hasMore = try container.decodeIfPresent(Bool.self, forKey: .hasMore) ?? false
        paginationToken = try container.decodeIfPresent(String.self, forKey: .paginationToken)
    }
}

/// One notification the App Store tried to send, and how each attempt went.
public struct NotificationHistoryItem: Sendable, Equatable, Codable {
    /// The notification exactly as it was posted: `{"signedPayload": ...}`'s value.
    public var signedPayload: String
    public var sendAttempts: [SendAttempt]?

    public init(signedPayload: String, sendAttempts: [SendAttempt]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}

/// One delivery attempt: when, and `SUCCESS` or the failure Apple saw (`TIMED_OUT`, ...).
public struct SendAttempt: Sendable, Equatable, Codable {
    /// Milliseconds since 1970.
    public var attemptDate: Int64?
    public var sendAttemptResult: String?

    public init(attemptDate: Int64? = nil, sendAttemptResult: String? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }

    public var succeeded: Bool { sendAttemptResult == "SUCCESS" }
}
