import AgeGating
import AgeSignals
import Foundation
import PrivacyLaunch
import SignificantChanges

#if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
    import AgeKitApple
#endif

extension AgeAssurance {
    /// What the device can tell of the region's rules. Nothing by default: a rule the app
    /// cannot learn is never assumed (`AgeKitApple` reads the App Store storefront).
    public struct RegionRules: Hashable, Sendable {
        /// The region's limit on how often the app may ask (Alabama), or its obligation.
        public var cadence: CadenceRule?
        /// The App Store blocks 18+ downloads unless the account is a confirmed adult
        /// (Australia, Brazil, Singapore): the app's 18+ features then need one too.
        public var adultFeaturesNeedConfirmedAdult: Bool

        /// Rules as the device reads them; the default assumes none.
        public init(cadence: CadenceRule? = nil, adultFeaturesNeedConfirmedAdult: Bool = false) {
            self.cadence = cadence
            self.adultFeaturesNeedConfirmedAdult = adultFeaturesNeedConfirmedAdult
        }
    }

    /// Every system service the object drives, as the core's protocols: the Apple bridges in
    /// an app, the simulator in tests.
    public struct Services: Sendable {
        /// Declared Age Range: the age gate and the launch ask through it.
        public var ageRange: any AgeRangeProvider
        /// PermissionKit's significant-update questions to a guardian.
        public var permissions: any PermissionCenter
        /// PermissionKit's communication questions to a guardian.
        public var communication: any CommunicationPermissionCenter
        /// The system sheet that tells an adult of a significant change.
        public var acknowledgments: any AcknowledgmentPresenter
        /// The App Store's age rating code, which the rating watch reads.
        public var ratingCodes: any RatingCodeSource
        /// The gate's record, its cadence and the question map.
        public var store: any KeyValueStore
        /// The acknowledgment ledger (the iCloud key-value store on a device).
        public var ledgerStore: any SyncedKeyValueStore
        /// The launch sequence's services (its age range service is never called: the
        /// launch asks through the gate).
        public var launch: LaunchServices
        /// The time consent requests and the ledger are stamped with.
        public var clock: any AppClock
        /// What the device can tell of the region's rules.
        public var regionRules: RegionRules
        /// The version the person first installed (exempts them from changes made before it);
        /// nil when it cannot be read, which exempts nobody.
        public var originalVersion: @Sendable () async -> AppVersion?
        /// The app's own notice of a change, which the acknowledgment presenter shows where the
        /// system sheet is not the route (``AgeAssurance/notice``).
        public var notices: NoticeBoard
        #if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
            /// The actions the root view installs (`.ageAssurance(_:)` does), when the age sheet
            /// and the acknowledgment sheet present from the view.
            public var swiftUI: SwiftUIActions?
        #endif

        /// Every service, passed in: the Apple bridges build this in an app, the simulator in tests.
        public init(
            ageRange: any AgeRangeProvider, permissions: any PermissionCenter,
            communication: any CommunicationPermissionCenter, acknowledgments: any AcknowledgmentPresenter,
            ratingCodes: any RatingCodeSource, store: any KeyValueStore, ledgerStore: any SyncedKeyValueStore,
            launch: LaunchServices, clock: any AppClock = SystemClock(),
            regionRules: RegionRules = RegionRules(),
            originalVersion: @escaping @Sendable () async -> AppVersion? = { nil }, notices: NoticeBoard = NoticeBoard()
        ) {
            self.ageRange = ageRange
            self.permissions = permissions
            self.communication = communication
            self.acknowledgments = acknowledgments
            self.ratingCodes = ratingCodes
            self.store = store
            self.ledgerStore = ledgerStore
            self.launch = launch
            self.clock = clock
            self.regionRules = regionRules
            self.originalVersion = originalVersion
            self.notices = notices
        }
    }
}
