import AppleMirrorSystem
import Foundation

// UIKit, only the anchors the system sheets present over and the application state that the
// tracking prompt depends on. The Linux build of the bridges takes the UIKit path, as on iOS.
// The pages give tvOS no version for the UIKit classes of iOS 2.0 ("tvOS: -"), so neither does
// the mirror (they are available there through `*`).

/// Mirrors https://developer.apple.com/documentation/uikit/uiresponder (no responder chain).
@available(iOS 2.0, macCatalyst 13.1, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiresponder/init()
    ///
    /// Assumed: no page of it could be found (Apple documents `init()` on NSObject); the mirror
    /// declares it to keep it nonisolated, as NSObject's is.
    nonisolated public override init() { super.init() }
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, macCatalyst 13.1, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder {
    private var presented: UIViewController?

    /// Mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller/init()
    ///
    /// Assumed: no page of it could be found (Apple documents `init()` on NSObject); the mirror
    /// declares it to keep it nonisolated, as NSObject's is.
    nonisolated public override init() {}

    /// Mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    @available(iOS 5.0, macCatalyst 13.1, *)
    open var presentedViewController: UIViewController? { presented }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    @available(iOS 5.0, macCatalyst 13.1, *)
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        presented = viewControllerToPresent
        completion?()
    }
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiwindow (not a view here).
@available(iOS 2.0, macCatalyst 13.1, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIResponder {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    @available(iOS 4.0, macCatalyst 13.1, *)
    open var rootViewController: UIViewController? {
        get { root }
        set { root = newValue }
    }

    nonisolated(unsafe) private var root: UIViewController?

    /// Mirrors https://developer.apple.com/documentation/uikit/uiwindow/init()
    ///
    /// Assumed: Apple declares `convenience init()`; NSObject's `init()` is designated, and a
    /// Swift subclass can only override it with a designated initializer.
    @available(iOS, introduced: 2.0, deprecated: 26.0)
    @available(macCatalyst, introduced: 13.1, deprecated: 26.0)
    @available(tvOS, introduced: 9.0, deprecated: 26.0)
    @available(visionOS, introduced: 1.0, deprecated: 26.0)
    nonisolated public override init() {}

    nonisolated package init(rootViewController: UIViewController) {
        self.root = rootViewController
    }
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum
    public enum ActivationState: Int, @unchecked Sendable {
        /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/unattached
        case unattached = -1
        /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundactive
        case foregroundActive = 0
        /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundinactive
        case foregroundInactive = 1
        /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/background
        case background = 2
    }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
    open var activationState: UIScene.ActivationState { state }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/didactivatenotification
    ///
    /// Assumed: Apple declares `nonisolated class let didActivateNotification: NSNotification.Name`
    /// (an imported Objective-C constant); Swift source cannot declare a class stored property,
    /// so the mirror has the read-only class property that a client uses the same way.
    nonisolated public class var didActivateNotification: NSNotification.Name {
        NSNotification.Name("UISceneDidActivateNotification")
    }

    package var state: UIScene.ActivationState = .foregroundActive

    /// The scripted person brings the scene to the foreground (or sends it away); UIKit posts
    /// `didActivateNotification` with the scene as its object.
    package func setActivationState(_ state: UIScene.ActivationState) {
        self.state = state
        if state == .foregroundActive {
            NotificationCenter.default.post(name: Self.didActivateNotification, object: self)
        }
    }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiscene/init()
    ///
    /// Assumed: no page of it could be found (Apple documents `init()` on NSObject); the mirror
    /// declares it to keep it nonisolated, as NSObject's is.
    nonisolated public override init() {}
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow
    @available(iOS 15.0, macCatalyst 15.0, tvOS 15.0, visionOS 1.0, *)
    open var keyWindow: UIWindow? { window }

    nonisolated(unsafe) package var window: UIWindow?

    nonisolated package init(window: UIWindow? = nil) {
        self.window = window
    }
}

/// Mirrors https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, macCatalyst 13.1, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { MirrorSystem.current.application }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/state
    @available(iOS 4.0, macCatalyst 13.1, *)
    public enum State: Int, @unchecked Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/applicationstate
    @available(iOS 4.0, macCatalyst 13.1, *)
    open var applicationState: UIApplication.State { state }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    @available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
    open var connectedScenes: Set<UIScene> { Set(scenes) }

    /// Mirrors https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
    ///
    /// Assumed: Apple declares `nonisolated class let didBecomeActiveNotification: NSNotification.Name`
    /// (an imported Objective-C constant); Swift source cannot declare a class stored property,
    /// so the mirror has the read-only class property that a client uses the same way.
    nonisolated public class var didBecomeActiveNotification: NSNotification.Name {
        NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    }

    private var state: UIApplication.State = .inactive
    /// The app's scenes: one in the foreground, its key window over a root view controller.
    nonisolated(unsafe) package var scenes: [UIScene] = [
        UIWindowScene(window: UIWindow(rootViewController: UIViewController()))
    ]

    /// The scripted person brings the app to the foreground (or sends it away).
    package func setState(_ state: UIApplication.State) {
        self.state = state
        if state == .active {
            NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
        }
    }
}

/// The device's one application object.
package final class UIKitScript: MirrorScript, @unchecked Sendable {
    package let application: UIApplication

    package init() {
        application = UIApplication()
    }
}

extension MirrorSystem {
    /// The application the scripted person brings to the foreground.
    package var application: UIApplication { script(UIKitScript.self).application }
}
