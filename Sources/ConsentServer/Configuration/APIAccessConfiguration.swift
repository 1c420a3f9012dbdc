/// An app's App Store Server API key, for history recovery and test notifications
/// (`"api"` in an app's configuration entry).
public struct APIAccessConfiguration: Sendable, Equatable {
    public var keyId: String
    public var issuerId: String
    /// Path of the `.p8` private key file from App Store Connect.
    public var privateKey: String
    /// Replaces Apple's host (a local stand-in of the API in tests); nil: Apple's.
    public var baseURL: String?

    public init(keyId: String, issuerId: String, privateKey: String, baseURL: String? = nil) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.privateKey = privateKey
        self.baseURL = baseURL
    }
}

/// Scheduled recovery inside `agekit serve` (`"historySync"` in an app's entry): every
/// `intervalMinutes`, fetch the last `lookbackHours` of notification history and feed it
/// through the intake, so notifications missed during downtime are stored.
public struct HistorySyncConfiguration: Sendable, Equatable {
    public var intervalMinutes: Int
    public var lookbackHours: Int

    public init(intervalMinutes: Int, lookbackHours: Int) {
        self.intervalMinutes = intervalMinutes
        self.lookbackHours = lookbackHours
    }
}
