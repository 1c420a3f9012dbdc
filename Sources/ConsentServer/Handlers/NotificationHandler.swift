import AppStoreSignedData

/// `POST /v2/notifications`: the body's signed payload goes through the intake; 200 only
/// once the commit is durable, 503 on storage trouble so that Apple retries.
struct NotificationHandler: Sendable {
    let intake: NotificationIntake
    let freshness: Freshness
    /// Apple's addresses: their never-seen chains are charged to the reserved lane.
    let appleSources: AddressRanges

    func handle(_ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        if let outcome = Self.payloadBytes(in: request.body, intake.knownForgery) {
            return reply(Self.answer(outcome))
        }
        switch Self.signedPayload(in: request.body) {
        case .failure(let refusal):
            reply(.error(400, refusal.code.rawValue, refusal.message))
        case .success(let signedPayload):
            let lane: VerificationLane = appleSources.contains(request.clientAddress) ? .reserved : .open
            intake.accept(signedPayload, live: freshness, lane: lane) { outcome in reply(Self.answer(outcome)) }
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
        case .rejected(let status, let code, let message, let uuid, let type):
            if (status == 503 && !RefusalStatus.isBusy(code: code)) || status == 500 {
                // Apple (or whoever reaches the public listener) learns that it should retry,
                // not which database failed where: the detail goes to the request log.
                answer = .error(status, code, "the notification was not stored: deliver it again later")
                answer.detail = message
            } else {
                answer = .error(status, code, message)
                if RefusalStatus.isBusy(code: code) { answer.response.headers.append(RefusalStatus.retryAfter) }
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

    /// `body` in Apple's exact shape: `look` applied to the bytes between the quotes, as they
    /// came (a slice of the body: nothing copied or checked); nil for any other shape.
    static func payloadBytes<T>(in body: [UInt8], _ look: (ArraySlice<UInt8>) -> T?) -> T? {
        guard isAppleShape(body) else { return nil }
        return look(body[prefix.count..<(body.count - 2)])
    }

    private static func isAppleShape(_ body: [UInt8]) -> Bool {
        body.count > prefix.count + 2 && body.starts(with: prefix) && body[body.count - 2] == UInt8(ascii: "\"")
            && body[body.count - 1] == UInt8(ascii: "}")
    }

    /// The JWS inside `{"signedPayload": "..."}`: Apple's exact bytes without a copy of the
    /// object, anything else through the one-pass ``NotificationBody`` scan, which refuses every
    /// other shape with its code.
    static func signedPayload(in body: [UInt8]) -> Result<String, ServerError> {
        if isAppleShape(body) {
            let payload = body[prefix.count..<(body.count - 2)]
            if !payload.isEmpty, JSONValue.isPlainStringContent(payload) {
                return .success(String(decoding: payload, as: UTF8.self))
            }
        }
        return NotificationBody.signedPayload(in: body)
    }
}
