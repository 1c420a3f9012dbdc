/// The system sheet that tells an adult about a significant change (26.4), or the app's own
/// notice where there is none.
public protocol AcknowledgmentPresenter: Sendable {
    /// Shows the description; true when the person acknowledged it, false when dismissed.
    func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool
}

/// StoreKit's `AppStore.ageRatingCode`: nil when unavailable, 0 in development builds.
public protocol RatingCodeSource: Sendable {
    /// The code as the App Store reports it: nil when unavailable, 0 in development builds.
    func ageRatingCode() async -> Int?
}
