import AgeKit
import AgeKitApple

/// Every system service VinylCrate uses, as the core's protocols: the Apple bridges in the
/// app, the same bridges on the mirror in the Linux tests.
public struct CrateServices: Sendable {
    /// The privacy launch sequence's services; its age range service is ``ageRange``.
    public var launch: LaunchServices
    public var ageRange: any AgeRangeProvider
    public var permissions: SystemPermissionCenter
    public var communication: SystemCommunicationPermissionCenter
    public var acknowledgments: any AcknowledgmentPresenter
    /// The app's own notice, which ``acknowledgments`` shows where the system sheet is not the
    /// route; the screen renders it and the person's tap answers it.
    public var notices: NoticeBoard
    public var ratingCodes: any RatingCodeSource
    /// The gate's record and the question map (UserDefaults).
    public var gateStore: any KeyValueStore
    /// The acknowledgment ledger (the iCloud key-value store).
    public var ledgerStore: any SyncedKeyValueStore

    /// The Apple bridges. `launch` brings the services AgeKit does not bridge (the consent
    /// SDK, ads, notifications, location); its age range and tracking services are replaced
    /// by the bridges. With `swiftUI`, the age sheet and the acknowledgment sheet present from
    /// the view that installed its actions there (`.ageKitActions(_:)`); the guardian
    /// questions present over `anchor`.
    public static func system(
        launch: LaunchServices, anchor: @escaping AnchorProvider,
        scene: @escaping SystemAcknowledgmentPresenter.SceneProvider, swiftUI: SwiftUIActions? = nil,
        gateStore: any KeyValueStore, ledgerStore: any SyncedKeyValueStore,
        deadlines: BridgeDeadlines = BridgeDeadlines()
    ) -> CrateServices {
        let notices = NoticeBoard()
        let notice: SystemAcknowledgmentPresenter.Notice = { description in await notices.show(description) }
        let ageRange = ageRangeService(swiftUI, anchor: anchor, deadlines: deadlines)
        var launch = launch
        launch.ageRange = ageRange
        launch.tracking = SystemTrackingAuthorization(deadlines: deadlines)
        return CrateServices(
            launch: launch, ageRange: ageRange,
            permissions: SystemPermissionCenter(store: gateStore, deadlines: deadlines, anchor: anchor),
            communication: SystemCommunicationPermissionCenter(store: gateStore, deadlines: deadlines, anchor: anchor),
            acknowledgments: acknowledgmentPresenter(swiftUI, scene: scene, notice: notice, deadlines: deadlines),
            notices: notices, ratingCodes: SystemRatingCodeSource(deadlines: deadlines), gateStore: gateStore,
            ledgerStore: ledgerStore)
    }
}

extension CrateServices {
    /// The view's `requestAgeRange` action where the app gave SwiftUI actions (26.0), the
    /// anchor otherwise.
    static func ageRangeService(
        _ swiftUI: SwiftUIActions?, anchor: @escaping AnchorProvider, deadlines: BridgeDeadlines
    ) -> any AgeRangeProvider {
        if let swiftUI, #available(iOS 26.0, macOS 26.0, *) {
            return AgeRangeActionService(swiftUI, deadlines: deadlines)
        }
        return SystemAgeRangeService(deadlines: deadlines, anchor: anchor)
    }

    /// The view's `showSignificantUpdateAcknowledgment` action where the app gave SwiftUI
    /// actions (26.4, not macOS), the scene otherwise; the app's notice in both.
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
