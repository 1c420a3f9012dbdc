// What the system sheets present over: a view controller where UIKit exists (iOS, iPadOS,
// visionOS, Mac Catalyst, and the mirror), a window on macOS.
#if canImport(UIKit)
    import UIKit
    public typealias PresentationAnchor = UIViewController
    /// The scene the significant-update acknowledgment sheet appears in.
    public typealias AcknowledgmentScene = UIWindowScene
#elseif canImport(AppKit)
    import AppKit
    public typealias PresentationAnchor = NSWindow
#elseif AGEKIT_APPLE_MIRROR
    @preconcurrency import AgeKitAppleMirror
    public typealias PresentationAnchor = UIViewController
    public typealias AcknowledgmentScene = UIWindowScene
#endif

#if canImport(UIKit) || canImport(AppKit) || AGEKIT_APPLE_MIRROR
    /// Finds the anchor on the main actor when a sheet is about to appear; nil means there
    /// is nothing to present over, and the call counts as unavailable.
    public typealias AnchorProvider = @MainActor @Sendable () -> PresentationAnchor?
#endif
