#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import Foundation

    /// The age-assurance actions of the SwiftUI view on screen: `@Environment(\.requestAgeRange)`
    /// (26.0) and `@Environment(\.showSignificantUpdateAcknowledgment)` (26.4, not macOS), which
    /// present from that view without an anchor. The app makes one at launch and hands it to
    /// ``AgeRangeActionService`` and ``SignificantUpdateActionPresenter``; its root view installs
    /// its actions with `.ageKitActions(_:)`. A request made before a view did waits for it
    /// (within ``BridgeDeadlines/activation``).
    @MainActor
    public final class SwiftUIActions {
        // Newer than the package's floor, so kept erased: a stored property cannot be newer
        // than its class.
        private var ageRange: Any?
        private var acknowledgment: Any?

        /// Empty actions: a root view fills them with `.ageKitActions(_:)`.
        public nonisolated init() {}

        /// The view's `requestAgeRange` action.
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
        public var requestAgeRange: DeclaredAgeRangeAction? {
            get { ageRange as? DeclaredAgeRangeAction }
            set {
                ageRange = newValue
                if newValue != nil {
                    NotificationCenter.default.post(name: PresentationWait.actionsInstalled, object: nil)
                }
            }
        }

        #if !os(macOS)
            /// The view's `showSignificantUpdateAcknowledgment` action.
            @available(iOS 26.4, macCatalyst 26.4, *)
            public var showSignificantUpdateAcknowledgment: SignificantUpdateAction? {
                get { acknowledgment as? SignificantUpdateAction }
                set {
                    acknowledgment = newValue
                    if newValue != nil {
                        NotificationCenter.default.post(name: PresentationWait.actionsInstalled, object: nil)
                    }
                }
            }
        #endif
    }
#endif
