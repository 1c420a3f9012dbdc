import AppleMirrorSystem
@_exported import PermissionKit
import UIKit

// The cross-import overlay Apple's SDK loads when a file imports both PermissionKit and
// UIKit: asking takes the view controller the system sheet presents over.

@available(iOS 26.2, visionOS 26.2, *)
@available(macCatalyst, unavailable)
extension AskCenter {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/ask(_:in:)-8ks48
    public final func ask(
        _ question: PermissionQuestion<SignificantAppUpdateTopic>, in viewController: UIViewController
    )
        async throws
    {
        try await MirrorSystem.current.askSignificantUpdate(question)
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/ask(_:in:)-6xupo
    public final func ask(
        _ question: PermissionQuestion<CommunicationTopic>, in viewController: UIViewController
    )
        async throws
    {
        try await MirrorSystem.current.askCommunication(question, introducedIn: (26, 2))
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/asksignificantchangepermission(for:permissionflow:in:)-nm9w
    @available(iOS 27.0, visionOS 27.0, *)
    @MainActor
    public final func askSignificantChangePermission(
        for question: PermissionQuestion<SignificantAppUpdateTopic>, permissionFlow: PermissionFlow,
        in viewController: UIViewController
    ) async throws -> PermissionResult {
        try await MirrorSystem.current.askWithFlow(question, flow: permissionFlow)
    }
}

@available(iOS 26.0, visionOS 26.0, *)
@available(macCatalyst, unavailable)
extension CommunicationLimits {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationlimits/ask(_:in:)-5ou06
    public final func ask(
        _ question: PermissionQuestion<CommunicationTopic>, in viewController: UIViewController
    )
        async throws
    {
        try await MirrorSystem.current.askCommunication(question, introducedIn: (26, 0))
    }
}
