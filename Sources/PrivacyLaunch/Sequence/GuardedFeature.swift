/// A feature that checks the age answer every time it runs.
public enum GuardedFeature: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Third-party ads.
    case ads
    /// Third-party analytics.
    case analytics
    /// Third-party install attribution.
    case attribution
    /// The person's location.
    case location
    /// Posting comments.
    case comments
    /// Creating an account.
    case signUp
    /// The app's parental gate, the check that keeps a child from what only a parent should open.
    case parentalGate
    /// Chat with other people.
    case chat
    /// Lists that show other members.
    case memberList

    /// Off under the threshold whatever the owner chose: third-party ads, analytics,
    /// attribution and location, and chat (an unclear answer costs chat, by design).
    public var alwaysOffUnderThreshold: Bool {
        switch self {
        case .ads, .analytics, .attribution, .location, .chat: true
        case .comments, .signUp, .parentalGate, .memberList: false
        }
    }

    /// A third-party tool that receives events once started; when the answer turns to
    /// "under" mid-session it stops receiving them.
    public var isThirdPartyTool: Bool {
        switch self {
        case .ads, .analytics, .attribution: true
        default: false
        }
    }

    /// The features the owner decides about for people under the threshold.
    public static let ownerChoices: [GuardedFeature] = allCases.filter { !$0.alwaysOffUnderThreshold }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
