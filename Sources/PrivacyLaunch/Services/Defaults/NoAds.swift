/// No ads SDK: starting and stopping it does nothing.
public struct NoAds: AdsService {
    /// The stand-in ads SDK.
    public init() {}
    public func start() async {}
    public func stopEvents() async {}
}
