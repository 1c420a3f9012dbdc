/// A third-party tool that receives events (ads, analytics, attribution). Wrappers of these
/// tools never ask for tracking on their own: the prompt has one owner.
public protocol ThirdPartyTool: Sendable {
    /// From now on the tool receives no events (it may keep running: SDKs cannot be unloaded).
    func stopEvents() async
}

/// The ads SDK.
public protocol AdsService: ThirdPartyTool {
    /// Starts the SDK; called once consent and tracking are settled.
    func start() async
}
