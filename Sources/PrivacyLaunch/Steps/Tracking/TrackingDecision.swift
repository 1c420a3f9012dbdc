/// Whether the launch shows the tracking prompt, and the reason when it does not.
public enum TrackingDecision: Hashable, Sendable {
    /// Show the prompt.
    case show
    /// Do not show it, for this reason.
    case skip(TrackingSkipReason)

    /// "shown" or the skip reason's code.
    public var code: String {
        switch self {
        case .show: "shown"
        case .skip(let reason): reason.rawValue
        }
    }
}
