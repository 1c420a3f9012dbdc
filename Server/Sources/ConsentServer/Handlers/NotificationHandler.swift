import AppStoreSignedData

/// `POST /v2/notifications`: the body's signed payload goes through the intake; 200 only
/// once the commit is durable, 503 on storage trouble so that Apple retries.
struct NotificationHandler: Sendable {
    let intake: NotificationIntake
    let freshness: Freshness
    /// Apple's addresses: their never-seen chains are charged to the reserved lane.
    let appleSources: AddressRanges

    func handle(_ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        // Apple's exact shape is recognised once; its JWS is looked up among the refused
        // headers in place, and the verifier is told not to look again.
        let appleShaped = Self.isAppleShape(request.body)
        if appleShaped, let outcome = intake.knownForgery(Self.payload(ofAppleShaped: request.body)) {
            return reply(Self.answer(outcome))
        }
        switch Self.signedPayload(in: request.body, appleShaped: appleShaped) {
        case .failure(let refusal):
            reply(.refusal(refusal))
        case .success(let (signedPayload, asItCame)):
            let lane: VerificationLane = appleSources.contains(request.clientAddress) ? .reserved : .open
            intake.accept(signedPayload, live: freshness, lane: lane, headerChecked: appleShaped && asItCame) {
                outcome in reply(Self.answer(outcome))
            }
        }
    }

    static func answer(_ outcome: NotificationIntake.Outcome) -> Reply {
        var answer: Reply
        switch outcome {
        case .stored(let uuid, let type):
            answer = acknowledgement("stored", uuid)
            (answer.notificationUUID, answer.notificationType) = (uuid, type)
        case .duplicate(let uuid, let type):
            answer = acknowledgement("duplicate", uuid)
            (answer.notificationUUID, answer.notificationType) = (uuid, type)
        case .rejected(let refusal, let uuid, let type):
            if refusal.isStorageFailure {
                // Apple (or whoever reaches the public listener) learns that it should retry,
                // not which database failed where: the detail goes to the request log.
                var shown = refusal
                shown.reason = "the notification was not stored: deliver it again later"
                answer = .refusal(shown)
                answer.detail = refusal.reason
            } else {
                answer = .refusal(refusal)
            }
            (answer.notificationUUID, answer.notificationType) = (uuid, type)
        }
        return answer
    }

    /// `{"status": ..., "notificationUUID": ...}` with 200: what Apple gets for every delivery.
    static func acknowledgement(_ status: String, _ uuid: String) -> Reply {
        var body = JSONObjectWriter()
        body.add("status", status)
        body.add("notificationUUID", uuid)
        return Reply(
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body.bytes))
    }

    /// Apple's exact shape, read without building a dictionary; anything else is parsed.
    private static let prefix = Array(#"{"signedPayload":""#.utf8)

    /// The bytes between the quotes of a body in Apple's exact shape, as they came (a slice of
    /// the body: nothing copied or checked).
    static func payload(ofAppleShaped body: [UInt8]) -> ArraySlice<UInt8> {
        body[prefix.count..<(body.count - 2)]
    }

    static func isAppleShape(_ body: [UInt8]) -> Bool {
        body.count > prefix.count + 2 && body.starts(with: prefix) && body[body.count - 2] == UInt8(ascii: "\"")
            && body[body.count - 1] == UInt8(ascii: "}")
    }

    /// The JWS inside `{"signedPayload": "..."}`: Apple's exact bytes without a copy of the
    /// object, anything else through the one-pass ``NotificationBody`` scan, which refuses every
    /// other shape with its code.
    /// `asItCame`: the JWS is the body's bytes between the quotes, unchanged (no escape to
    /// decode), so what was looked up in place is what the verifier gets.
    static func signedPayload(
        in body: [UInt8], appleShaped: Bool
    ) -> Result<(jws: String, asItCame: Bool), ServerError> {
        if appleShaped {
            let payload = payload(ofAppleShaped: body)
            if !payload.isEmpty, JSONValue.isPlainStringContent(payload) {
                return .success((String(decoding: payload, as: UTF8.self), true))
            }
        }
        return NotificationBody.signedPayload(in: body).map { ($0, false) }
    }
}
