import AppStoreSignedData

/// `POST /v2/notifications`: the body's signed payload goes through the intake; 200 only
/// once the commit is durable, 503 on storage trouble so that Apple retries.
struct NotificationHandler: Sendable {
    let intake: NotificationIntake
    let freshness: Freshness
    /// Apple's addresses: their never-seen chains are charged to the reserved lane.
    let appleSources: AddressRanges
    /// Bodies read for Apple's exact shape (tests: once per request).
    let appleShapeChecks = CheckCount()

    func handle(_ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        let apple = AppleShapedBody(request.body)
        appleShapeChecks.add()
        // Apple's JWS is looked up among the refused headers where it lies, before anything is
        // built from it, when its header needs no decoding; the verifier is then told not to
        // look again. Otherwise the verifier is the one that looks.
        let headerChecked = apple?.headerIsLiteral ?? false
        if headerChecked, let apple, let outcome = intake.knownForgery(apple.payload) {
            return reply(Self.answer(outcome))
        }
        let read: Result<ArraySlice<UInt8>, ServerError> =
            apple?.jws.map { .success($0) } ?? NotificationBody.signedPayload(in: request.body)
        switch read {
        case .failure(let refusal):
            reply(.refusal(refusal))
        case .success(let signedPayload):
            let lane: VerificationLane = appleSources.contains(request.clientAddress) ? .reserved : .open
            intake.accept(signedPayload, live: freshness, lane: lane, headerChecked: headerChecked) {
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
}
