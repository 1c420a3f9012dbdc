import SignificantChanges

/// The significant-change routing settings `changes` and `explore` both take.
enum RoutingOptions {
    static let table = OptionTable(
        column: 26,
        [
            .valued("unconfirmed-adult", "MODE", "acknowledge (default) or blockUntilVerified"),
            .valued("declined", "MODE", "blockWithRetry (default) or acknowledge"),
        ])

    /// `settings` with the options given applied.
    static func parse(_ parsed: Arguments, into settings: RoutingSettings) throws(CLIError) -> RoutingSettings {
        var settings = settings
        if let text = parsed.value("unconfirmed-adult") {
            guard let value = RoutingSettings.UnconfirmedAdult(rawValue: text) else {
                throw .usage("--unconfirmed-adult: '\(text)' is not acknowledge or blockUntilVerified")
            }
            settings.unconfirmedAdult = value
        }
        if let text = parsed.value("declined") {
            guard let value = RoutingSettings.DeclinedOrUnavailable(rawValue: text) else {
                throw .usage("--declined: '\(text)' is not blockWithRetry or acknowledge")
            }
            settings.declinedOrUnavailable = value
        }
        return settings
    }
}
