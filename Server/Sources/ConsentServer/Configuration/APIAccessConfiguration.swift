/// An app's App Store Server API key, for history recovery and test notifications
/// (`"api"` in an app's configuration entry).
package struct APIAccessConfiguration: Sendable, Equatable {
    package var keyId: String
    package var issuerId: String
    /// Path of the `.p8` private key file from App Store Connect.
    package var privateKey: String
    /// Replaces Apple's host (a local stand-in of the API in tests); nil: Apple's.
    package var baseURL: String?

    package init(keyId: String, issuerId: String, privateKey: String, baseURL: String? = nil) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.privateKey = privateKey
        self.baseURL = baseURL
    }
}

/// Scheduled recovery inside `agekit serve` (`"historySync"` in an app's entry): every
/// `intervalMinutes`, fetch the last `lookbackHours` of notification history and feed it
/// through the intake, so notifications missed during downtime are stored.
package struct HistorySyncConfiguration: Sendable, Equatable {
    package var intervalMinutes: Int
    package var lookbackHours: Int

    package init(intervalMinutes: Int, lookbackHours: Int) {
        self.intervalMinutes = intervalMinutes
        self.lookbackHours = lookbackHours
    }
}
