// What the system sheets present over: a view controller where UIKit has one (iOS, iPadOS,
// visionOS, Mac Catalyst, tvOS, and the Linux mirror), a window on macOS. watchOS has neither.
#if canImport(UIKit) && !os(watchOS)
    import UIKit
    public typealias PresentationAnchor = UIViewController
    /// The scene the significant-update acknowledgment sheet appears in.
    public typealias AcknowledgmentScene = UIWindowScene
#elseif canImport(AppKit)
    import AppKit
    public typealias PresentationAnchor = NSWindow
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    /// Finds the anchor on the main actor when a sheet is about to appear; nil means there
    /// is nothing to present over, and the call counts as unavailable.
    public typealias AnchorProvider = @MainActor @Sendable () -> PresentationAnchor?

    /// The anchors an app usually wants, found when the sheet is due.
    public enum PresentationAnchors {
        #if canImport(UIKit) && !os(watchOS)
            /// The top of what the foreground scene's key window presents: a sheet shown over
            /// the root controller would otherwise refuse the new one.
            public static let foreground: AnchorProvider = {
                topmost(above: foregroundScene()?.keyWindow?.rootViewController)
            }

            /// The foreground scene, where the acknowledgment sheet appears.
            @MainActor
            public static func foregroundScene() -> UIWindowScene? {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first {
                    $0.activationState == .foregroundActive
                }
            }

            /// The last controller in the chain that `root` presents.
            @MainActor
            public static func topmost(above root: UIViewController?) -> UIViewController? {
                var top = root
                while let presented = top?.presentedViewController { top = presented }
                return top
            }
        #else
            /// The application's key window.
            public static let foreground: AnchorProvider = { NSApplication.shared.keyWindow }
        #endif
    }
#endif
