/// What Get Test Notification Status returns: the `TEST` notification and its attempts.
public struct TestNotificationStatus: Sendable, Equatable, Codable {
    public var signedPayload: String?
    public var sendAttempts: [SendAttempt]

    public init(signedPayload: String?, sendAttempts: [SendAttempt]) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }

    enum CodingKeys: String, CodingKey {
        case signedPayload, sendAttempts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signedPayload = try container.decodeIfPresent(String.self, forKey: .signedPayload)
        sendAttempts = try container.decodeIfPresent([SendAttempt].self, forKey: .sendAttempts) ?? []
    }

    /// Some attempt reached the server and got a success status back.
    public var delivered: Bool { sendAttempts.contains { $0.succeeded } }
}

/// Request a Test Notification's answer.
struct TestNotificationToken: Decodable {
    var testNotificationToken: String
}
