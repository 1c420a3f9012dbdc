import Foundation

extension CadenceRule {
    /// The one rule in force wherever the library asks (the gate, the launch sequence, the
    /// CLI): the region's law sets the floor and the app's own rule may only tighten it.
    ///
    /// | region's rule | app's rule | in force |
    /// | --- | --- | --- |
    /// | none | any (none: every launch while required) | the app's |
    /// | at most every N months (a limit: Alabama) | at most every M months | every max(N, M) months |
    /// | at most every N months | anything else | every N months: the app may not ask more often |
    /// | every launch while required (Texas) | at download and launch | at download and launch (asks more, never less) |
    /// | every launch while required | anything else | every launch while required |
    /// | at download and launch (California) | any | at download and launch |
    public static func inForce(app: CadenceRule?, region: CadenceRule?) -> CadenceRule {
        let app = app ?? .everyLaunchWhenRequired
        switch (region, app) {
        case (nil, _): return app
        case (.atMostEvery(let limit)?, .atMostEvery(let months)): return .atMostEvery(months: max(limit, months))
        case (.atMostEvery(let limit)?, _): return .atMostEvery(months: limit)
        case (.everyLaunchWhenRequired?, .atDownloadAndLaunch): return .atDownloadAndLaunch
        case (.everyLaunchWhenRequired?, _): return .everyLaunchWhenRequired
        case (.atDownloadAndLaunch?, _): return .atDownloadAndLaunch
        }
    }

    /// Whether the app may start a request on its own now (the first use of a gated
    /// feature): only a limit forbids it. Opening a gated feature is not the "special
    /// circumstance" of a limit law; the person's own tap on "share age range" is, and it
    /// is never checked here.
    public func allowsRequest(lastRequest: Date?, now: Date) -> Bool {
        guard case .atMostEvery(let months) = self, let lastRequest else { return true }
        return now >= Self.nextAllowed(after: lastRequest, months: months)
    }
}
