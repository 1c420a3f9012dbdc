// Where every bridge exists: Declared Age Range and PermissionKit's two question kinds (no
// communication questions on Mac Catalyst, no Declared Age Range on visionOS, tvOS, watchOS).
#if canImport(DeclaredAgeRange) && canImport(PermissionKit) && !os(visionOS) && !os(tvOS) && !os(watchOS) && !targetEnvironment(macCatalyst)
    import AgeGating
    import AgeSignals
    import PrivacyLaunch
    import SignificantChanges

    /// Every system service AgeKit bridges, made as an app wants them by default, so that it
    /// writes a stand-in only for what it replaces. With ``swiftUI`` the age sheet and the
    /// acknowledgment sheet present from the view that installed its actions
    /// (`.ageKitActions(_:)`); otherwise, and for the guardian questions, over `anchor`.
    public struct SystemServices: Sendable {
        /// Declared Age Range: from the view's `requestAgeRange` (26.0) or over the anchor.
        public var ageRange: any AgeSignals.AgeRangeProvider
        /// PermissionKit's significant-update questions.
        public var permissions: SystemPermissionCenter
        /// PermissionKit's communication questions.
        public var communication: SystemCommunicationPermissionCenter
        /// The acknowledgment sheet (the view's action on 26.4, or the scene), the app's notice elsewhere.
        public var acknowledgments: any AcknowledgmentPresenter
        /// `AppStore.ageRatingCode`.
        public var ratingCodes: any RatingCodeSource
        /// The tracking prompt of the launch sequence.
        public var tracking: any TrackingAuthorization
        /// The gate's record, its cadence and the question map (`UserDefaults` by default).
        public var store: any KeyValueStore
        /// The acknowledgment ledger (the iCloud key-value store by default).
        public var ledgerStore: any SyncedKeyValueStore
        /// The actions the root view installs; nil when the app presents over anchors only.
        public let swiftUI: SwiftUIActions?
        /// The deadlines every bridge runs under.
        public let deadlines: BridgeDeadlines

        /// The bridges. `notice` shows the app's own notice of a change where the system sheet
        /// is not the route, and returns true only once the person acknowledged it.
        public init(
            swiftUI: SwiftUIActions? = SwiftUIActions(),
            anchor: @escaping AnchorProvider = PresentationAnchors.foreground,
            scene: @escaping SystemAcknowledgmentPresenter.SceneProvider = Self.foregroundScene,
            notice: @escaping SystemAcknowledgmentPresenter.Notice,
            store: any KeyValueStore = UserDefaultsKeyValueStore(),
            ledgerStore: any SyncedKeyValueStore = UbiquitousKeyValueStore(),
            deadlines: BridgeDeadlines = BridgeDeadlines()
        ) {
            self.swiftUI = swiftUI
            self.deadlines = deadlines
            self.store = store
            self.ledgerStore = ledgerStore
            ageRange = Self.ageRangeService(swiftUI, anchor: anchor, deadlines: deadlines)
            permissions = SystemPermissionCenter(store: store, deadlines: deadlines, anchor: anchor)
            communication = SystemCommunicationPermissionCenter(store: store, deadlines: deadlines, anchor: anchor)
            acknowledgments = Self.acknowledgmentPresenter(swiftUI, scene: scene, notice: notice, deadlines: deadlines)
            ratingCodes = SystemRatingCodeSource(deadlines: deadlines)
            tracking = SystemTrackingAuthorization(deadlines: deadlines)
        }

        #if canImport(UIKit)
            /// The foreground scene, when there is exactly one (``PresentationAnchors/foregroundScene(preferring:)``).
            public static let foregroundScene: SystemAcknowledgmentPresenter.SceneProvider = {
                PresentationAnchors.foregroundScene()
            }
        #else
            /// No scene on macOS: the acknowledgment is the app's notice there.
            public static let foregroundScene: SystemAcknowledgmentPresenter.SceneProvider = { nil }
        #endif

        /// The view's `requestAgeRange` action with SwiftUI actions (26.0), the anchor otherwise.
        static func ageRangeService(
            _ swiftUI: SwiftUIActions?, anchor: @escaping AnchorProvider, deadlines: BridgeDeadlines
        ) -> any AgeSignals.AgeRangeProvider {
            if let swiftUI, #available(iOS 26.0, macOS 26.0, *) {
                return AgeRangeActionService(swiftUI, deadlines: deadlines)
            }
            return SystemAgeRangeService(deadlines: deadlines, anchor: anchor)
        }

        /// The view's `showSignificantUpdateAcknowledgment` action with SwiftUI actions (26.4,
        /// not macOS), the scene otherwise; the app's notice in both.
        static func acknowledgmentPresenter(
            _ swiftUI: SwiftUIActions?, scene: @escaping SystemAcknowledgmentPresenter.SceneProvider,
            notice: @escaping SystemAcknowledgmentPresenter.Notice, deadlines: BridgeDeadlines
        ) -> any AcknowledgmentPresenter {
            #if !os(macOS)
                if let swiftUI, #available(iOS 26.4, *) {
                    return SignificantUpdateActionPresenter(swiftUI, deadlines: deadlines, notice: notice)
                }
            #endif
            return SystemAcknowledgmentPresenter(deadlines: deadlines, scene: scene, notice: notice)
        }
    }
#endif
