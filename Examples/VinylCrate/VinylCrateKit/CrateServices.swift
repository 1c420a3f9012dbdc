import AgeKit
import AgeKitApple

/// Every system service VinylCrate uses, as the core's protocols: the Apple bridges in the
/// app, the same bridges on the mirror in the Linux tests.
public struct CrateServices: Sendable {
    /// The privacy launch sequence's services; its age range service is ``ageRange``.
    public var launch: LaunchServices
    public var ageRange: any AgeRangeService
    public var permissions: SystemPermissionCenter
    public var communication: SystemCommunicationPermissionCenter
    public var acknowledgments: any AcknowledgmentPresenter
    public var ratingCodes: any RatingCodeSource
    /// The gate's record and the question map (UserDefaults).
    public var gateStore: any KeyValueStore
    /// The acknowledgment ledger (the iCloud key-value store).
    public var ledgerStore: any SyncedKeyValueStore

    /// The Apple bridges. `launch` brings the services AgeKit does not bridge (the consent
    /// SDK, ads, notifications, location); its age range and tracking services are replaced
    /// by the bridges.
    public static func system(
        launch: LaunchServices, anchor: @escaping AnchorProvider,
        scene: @escaping SystemAcknowledgmentPresenter.SceneProvider,
        notice: @escaping SystemAcknowledgmentPresenter.Notice, gateStore: any KeyValueStore,
        ledgerStore: any SyncedKeyValueStore, deadlines: BridgeDeadlines = BridgeDeadlines()
    ) -> CrateServices {
        let ageRange = SystemAgeRangeService(deadlines: deadlines, anchor: anchor)
        var launch = launch
        launch.ageRange = ageRange
        launch.tracking = SystemTrackingAuthorization(deadlines: deadlines)
        return CrateServices(
            launch: launch, ageRange: ageRange,
            permissions: SystemPermissionCenter(store: gateStore, deadlines: deadlines, anchor: anchor),
            communication: SystemCommunicationPermissionCenter(store: gateStore, deadlines: deadlines, anchor: anchor),
            acknowledgments: SystemAcknowledgmentPresenter(deadlines: deadlines, scene: scene, notice: notice),
            ratingCodes: SystemRatingCodeSource(deadlines: deadlines), gateStore: gateStore, ledgerStore: ledgerStore)
    }
}
