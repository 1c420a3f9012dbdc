import AppleMirrorSystem
import Foundation

// AppKit, only the window the system sheets present over and the application state that
// the tracking prompt depends on. Built on Linux so that it keeps compiling; the bridges'
// macOS path is type-checked against it by scripts/apple-sdk-check.

// The pages give AppKit's classes no introduction version ("macOS: -"), so neither does the
// mirror.

/// Mirrors https://developer.apple.com/documentation/appkit/nsresponder (no responder chain).
@MainActor
open class NSResponder: NSObject {
    /// Mirrors https://developer.apple.com/documentation/appkit/nsresponder/init()
    ///
    /// Assumed: no page of it could be found (Apple documents `init()` on NSObject); the mirror
    /// declares it to keep it nonisolated, as NSObject's is.
    nonisolated public override init() { super.init() }
}

/// Mirrors https://developer.apple.com/documentation/appkit/nswindow
@MainActor
open class NSWindow: NSResponder {}

/// Mirrors https://developer.apple.com/documentation/appkit/nsapplication
/// (main-actor isolated through NSResponder, which the page does not print).
open class NSApplication: NSResponder {
    /// Mirrors https://developer.apple.com/documentation/appkit/nsapplication/shared
    open class var shared: NSApplication { MirrorSystem.current.script(AppKitScript.self).application }

    /// Mirrors https://developer.apple.com/documentation/appkit/nsapplication/isactive
    open var isActive: Bool { active }

    /// Mirrors https://developer.apple.com/documentation/appkit/nsapplication/keywindow
    /// (weak, as on the page: ``window`` holds the scripted key window).
    public private(set) weak var keyWindow: NSWindow?

    /// Mirrors https://developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
    ///
    /// Assumed: Apple declares `class let didBecomeActiveNotification: NSNotification.Name`
    /// (an imported Objective-C constant); Swift source cannot declare a class stored property,
    /// so the mirror has the read-only class property that a client uses the same way.
    nonisolated public class var didBecomeActiveNotification: NSNotification.Name {
        NSNotification.Name("NSApplicationDidBecomeActiveNotification")
    }

    private var active = false
    /// The scripted key window, held strongly (``keyWindow`` only refers to it, weakly).
    package var window: NSWindow? {
        didSet { keyWindow = window }
    }

    /// The scripted person brings the app to the front (or away from it).
    package func setActive(_ active: Bool) {
        self.active = active
        if active { NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self) }
    }
}

/// The device's one application object.
package final class AppKitScript: MirrorScript, @unchecked Sendable {
    package let application = NSApplication()

    package init() {}
}
