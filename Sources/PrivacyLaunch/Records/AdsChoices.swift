/// The two choices that together mean "personalised ads": building an ads profile and
/// selecting ads from that profile.
public struct AdsChoices: Hashable, Sendable, Codable {
    /// Whether the person lets the ad network build an ads profile.
    public var buildAdsProfile: Bool
    /// Whether the person lets the ad network pick ads from that profile.
    public var selectPersonalisedAds: Bool

    /// The two choices as the form recorded them.
    public init(buildAdsProfile: Bool, selectPersonalisedAds: Bool) {
        self.buildAdsProfile = buildAdsProfile
        self.selectPersonalisedAds = selectPersonalisedAds
    }

    /// Both choices accepted.
    public var acceptsPersonalisedAds: Bool { buildAdsProfile && selectPersonalisedAds }

    /// Both choices accepted: personalised ads.
    public static let acceptAll = AdsChoices(buildAdsProfile: true, selectPersonalisedAds: true)
    /// Both choices refused.
    public static let refuseAll = AdsChoices(buildAdsProfile: false, selectPersonalisedAds: false)
}
