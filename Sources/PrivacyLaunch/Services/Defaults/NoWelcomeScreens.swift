/// No welcome screens: the notification prompt does not wait.
public struct NoWelcomeScreens: WelcomeScreens {
    /// The stand-in welcome screens.
    public init() {}
    public func waitUntilFinished() async {}
}
