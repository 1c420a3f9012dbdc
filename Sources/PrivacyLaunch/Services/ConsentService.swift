/// The consent SDK (Google UMP's shape).
public protocol ConsentService: Sendable {
    /// Fetches this person's consent information. Runs at every launch, even when the
    /// owner turned the form off: the SDK allows ad requests only after a refresh.
    func refresh() async throws(ConsentServiceError) -> ConsentStatus
    /// The status as it stands, without a refresh.
    func currentStatus() async -> ConsentStatus
    /// Shows the consent form; returns the status after it closed.
    func showForm() async throws(ConsentServiceError) -> ConsentStatus
}

/// The errors the consent SDK throws.
public enum ConsentServiceError: Error, Hashable, Sendable {
    /// The SDK could not reach its server.
    case network
    /// The SDK has no form to show.
    case formUnavailable
    /// The form was asked for before any refresh.
    case notRefreshed
    /// Any other SDK error, with its message.
    case other(String)
}
