/// The app's welcome screens; the notification prompt waits until they are done.
public protocol WelcomeScreens: Sendable {
    /// Returns once the person has gone through the welcome screens.
    func waitUntilFinished() async
}
