/// No consent SDK: no form is required and ads may be requested once refreshed (an app with
/// ads under the GDPR brings its consent SDK instead).
public struct NoConsentSDK: ConsentService {
    /// The stand-in consent SDK.
    public init() {}
    private static let status = ConsentStatus(requirement: .notRequired, formAvailable: false, canRequestAds: true)
    public func refresh() async throws(ConsentServiceError) -> ConsentStatus { Self.status }
    public func currentStatus() async -> ConsentStatus { Self.status }
    public func showForm() async throws(ConsentServiceError) -> ConsentStatus { throw .formUnavailable }
}
