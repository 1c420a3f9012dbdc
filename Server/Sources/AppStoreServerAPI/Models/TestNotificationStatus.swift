/// What Get Test Notification Status returns: the `TEST` notification and its attempts.
package struct TestNotificationStatus: Sendable, Equatable, Codable {
    package var signedPayload: String?
    package var sendAttempts: [SendAttempt]

    package init(signedPayload: String?, sendAttempts: [SendAttempt]) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }

    enum CodingKeys: String, CodingKey {
        case signedPayload, sendAttempts
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signedPayload = try container.decodeIfPresent(String.self, forKey: .signedPayload)
        sendAttempts = try container.decodeIfPresent([SendAttempt].self, forKey: .sendAttempts) ?? []
    }

    /// Some attempt reached the server and got a success status back.
    package var delivered: Bool { sendAttempts.contains { $0.succeeded } }
}

/// Request a Test Notification's answer.
struct TestNotificationToken: Decodable {
    var testNotificationToken: String
}
