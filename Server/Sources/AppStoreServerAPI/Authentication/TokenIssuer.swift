import Foundation
import ServerTime
import Synchronization

/// Hands out the token for each request: a short-lived one (5 minutes by default), reused
/// until it comes within ``renewalMargin`` of its expiry, then signed anew.
package final class TokenIssuer: Sendable {
    package let credentials: APICredentials
    package let lifetime: TimeInterval
    /// A token with less than this left is not sent: it could expire in flight.
    package let renewalMargin: TimeInterval
    private let clock: any ServerClock
    private let cached = Mutex<(token: String, expires: Date)?>(nil)

    package init(
        credentials: APICredentials, lifetime: TimeInterval = 300, renewalMargin: TimeInterval = 60,
        clock: any ServerClock = SystemClock()
    ) {
        self.credentials = credentials
        self.lifetime = lifetime
        self.renewalMargin = min(renewalMargin, lifetime / 2)
        self.clock = clock
    }

    package func token() throws(AppStoreServerAPIError) -> String {
        let current = clock.date()
        if let cached = cached.withLock({ $0 }), cached.expires.timeIntervalSince(current) > renewalMargin {
            return cached.token
        }
        let token = try AuthenticationToken.make(credentials: credentials, issuedAt: current, lifetime: lifetime)
        let expires = Date(
            timeIntervalSince1970: current.timeIntervalSince1970.rounded(.down) + lifetime.rounded(.down))
        cached.withLock { $0 = (token, expires) }
        return token
    }
}
