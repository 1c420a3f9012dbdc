/// How far a live notification's `signedDate` may lie from the moment it arrives. Apple
/// retries a failed delivery after 1, 12, 24, 48 and 72 hours, so ten days by default spans
/// every retry with room; a payload signed further back is a replay, one signed ahead of
/// the clock (beyond the skew allowed) is forged. Notifications recovered through the
/// history API come over Apple's authenticated API and are not held to it.
package struct Freshness: Sendable, Equatable {
    package var maxAgeSeconds: Int64
    package var maxAheadSeconds: Int64

    package init(maxAgeSeconds: Int64 = 10 * 86_400, maxAheadSeconds: Int64 = 300) {
        self.maxAgeSeconds = maxAgeSeconds
        self.maxAheadSeconds = maxAheadSeconds
    }

    /// The refusal for `signedDate` (milliseconds) received at `receivedAt` (milliseconds),
    /// or nil when it is fresh.
    func refusal(signedDate: Int64, receivedAt: Int64) -> ServerError? {
        let (age, overflow) = receivedAt.subtractingReportingOverflow(signedDate)
        if overflow || age > maxAgeSeconds * 1000 {
            return ServerError(
                .signedDateTooOld,
                "signedDate is more than \(maxAgeSeconds) s before its receipt: a replay, not a delivery")
        }
        if -age > maxAheadSeconds * 1000 {
            return ServerError(.signedDateInFuture, "signedDate is more than \(maxAheadSeconds) s after its receipt")
        }
        return nil
    }
}
