import Foundation

// UIKit, only the anchors the system sheets present over and the application state that the
// tracking prompt depends on. The bridges take the UIKit path here (as on iOS, iPadOS,
// visionOS and Mac Catalyst); the AppKit path (`NSWindow`) compiles only on macOS.

/// Mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController {
    public init() {}
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor
open class UIWindowScene {
    /// Apple's initializer takes a scene session; the system makes scenes.
    nonisolated package init() {}
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/shared
    public class var shared: UIApplication { MirrorSystem.current.application }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/state
    public enum State: Int {
        case active
        case inactive
        case background
    }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/applicationstate
    public internal(set) var applicationState: UIApplication.State = .inactive

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")

    nonisolated package init() {}

    /// The scripted person brings the app to the foreground (or sends it away).
    package func setState(_ state: UIApplication.State) {
        applicationState = state
        if state == .active {
            NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
        }
    }
}
