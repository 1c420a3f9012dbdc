// What the system sheets present over: a view controller where UIKit has one (iOS, iPadOS,
// visionOS, Mac Catalyst, tvOS, and the Linux mirror), a window on macOS. watchOS has neither.
#if canImport(UIKit) && !os(watchOS)
    import UIKit
    /// What a system sheet presents from: a view controller here.
    public typealias PresentationAnchor = UIViewController
    /// The scene the significant-update acknowledgment sheet appears in.
    public typealias AcknowledgmentScene = UIWindowScene
#elseif canImport(AppKit)
    import AppKit
    /// What a system sheet presents from: a window on macOS.
    public typealias PresentationAnchor = NSWindow
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    /// Finds the anchor on the main actor when a sheet is about to appear; nil means there is
    /// nothing to present over yet: the bridges wait (within ``BridgeDeadlines/activation``) for
    /// the app or a scene to become active and ask again, and only then count the call as
    /// unavailable.
    public typealias AnchorProvider = @MainActor @Sendable () -> PresentationAnchor?

    /// The anchors an app usually wants, found when the sheet is due.
    public enum PresentationAnchors {
        #if canImport(UIKit) && !os(watchOS)
            /// The top of what the foreground scene's key window presents (``foregroundScene(preferring:)``):
            /// a sheet shown over the root controller would otherwise refuse the new one.
            public static let foreground: AnchorProvider = {
                topmost(above: foregroundScene()?.keyWindow?.rootViewController)
            }

            /// The top of what `scene`'s key window presents, once `scene` is foreground-active:
            /// for an app with several windows, the scene of the view that asks.
            public static func foreground(in scene: UIWindowScene) -> AnchorProvider {
                { [weak scene] in
                    guard let scene else { return nil }
                    return topmost(above: foregroundScene(preferring: scene)?.keyWindow?.rootViewController)
                }
            }

            /// The scene a sheet appears in: `preferred` once it is foreground-active; without
            /// one, the foreground-active scene that has a key window, when there is exactly one.
            /// Several such scenes (a multi-window iPad, visionOS) give nil rather than a guess:
            /// `connectedScenes` is an unordered set, and a sheet must not open in the other
            /// window; name the scene, or present from the view with ``SwiftUIActions``.
            @MainActor
            public static func foregroundScene(preferring preferred: UIWindowScene? = nil) -> UIWindowScene? {
                if let preferred {
                    return preferred.activationState == .foregroundActive ? preferred : nil
                }
                let candidates = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.filter {
                    $0.activationState == .foregroundActive && $0.keyWindow != nil
                }
                return candidates.count == 1 ? candidates.first : nil
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
