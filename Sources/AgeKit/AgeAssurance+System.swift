// The system's services by default, where every bridge exists (iOS, iPadOS, macOS). Not built
// on Linux, where the umbrella has no bridges: scripts/apple-sdk-check type-checks it, and the
// example's tests build the same services from `SystemServices` on the mirror.
#if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
    import AgeKitApple
    import AgeSignals
    import PrivacyLaunch

    extension AgeAssurance.Services {
        /// The system's services: the Apple bridges with their defaults (`UserDefaults`, the
        /// iCloud key-value store, the sheets presented from the root view), the storefront's
        /// region rules and the original install version from `AppTransaction.shared`.
        /// - Parameter launch: the launch sequence's services the app has (its consent SDK,
        ///   ads, notifications, location); every other one has a default that does nothing
        ///   and says so. Its tracking prompt is always the system's.
        public static func system(launch: LaunchServices? = nil) async -> Self {
            let notices = NoticeBoard()
            return await Self(SystemServices(notice: { await notices.show($0) }), notices: notices, launch: launch)
        }

        /// The services on `system`'s bridges (another anchor, other stores or deadlines),
        /// with `notices` the board that `system`'s notice shows on.
        public init(_ system: SystemServices, notices: NoticeBoard, launch: LaunchServices? = nil) async {
            let region = await StorefrontRegion.current(deadlines: system.deadlines)
            var launch = launch ?? LaunchServices(tracking: system.tracking)
            launch.tracking = system.tracking
            let deadlines = system.deadlines
            self.init(
                ageRange: system.ageRange, permissions: system.permissions, communication: system.communication,
                acknowledgments: system.acknowledgments, ratingCodes: system.ratingCodes, store: system.store,
                ledgerStore: system.ledgerStore, launch: launch,
                regionRules: AgeAssurance.RegionRules(
                    cadence: region.regionCadence,
                    adultFeaturesNeedConfirmedAdult: region.adultFeaturesNeedConfirmedAdult),
                originalVersion: { try? await AppTransactionInfo.current(deadlines: deadlines).originalVersion },
                notices: notices)
            swiftUI = system.swiftUI
        }
    }
#endif
