import AppleMirrorSystem
import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter
///
/// Asking takes a view controller or a window, so `ask(_:in:)` and
/// `askSignificantChangePermission(for:permissionFlow:in:)` live in the cross-import overlays
/// `_PermissionKit_UIKit` and `_PermissionKit_AppKit`, as in Apple's SDK: a file sees them
/// only when it imports PermissionKit and UIKit (or AppKit) itself.
@available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
public final class AskCenter {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/shared
    public static let shared = AskCenter()

    init() {}

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/responses(for:)
    public final func responses<Topic>(
        for topicType: Topic.Type
    ) -> some AsyncSequence<PermissionResponse<Topic>, Never>
    where Topic: QuestionTopic {
        let system = MirrorSystem.current
        system.record(.responses, introducedIn: (26, 2))
        return system.permissionKit.responses(topicType).makeStream()
    }
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/communicationlimits
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public final class CommunicationLimits {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationlimits/current
    public static let current = CommunicationLimits()

    init() {}
}

/// What the overlays' `ask` calls do on the scripted device: shared, so that the UIKit and
/// AppKit overlays behave alike.
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
extension MirrorSystem {
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    package func askSignificantUpdate(_ question: PermissionQuestion<SignificantAppUpdateTopic>) async throws {
        record(.ask(topic: question.topic.description), introducedIn: (26, 2))
        permissionKit.recordQuestion(question)
        try await perform(permissionKit.ask)
    }

    package func askCommunication(
        _ question: PermissionQuestion<CommunicationTopic>, introducedIn: (Int, Int)
    )
        async throws
    {
        record(.ask(topic: "communication"), introducedIn: introducedIn)
        permissionKit.recordQuestion(question)
        try await perform(permissionKit.ask)
    }

    @available(iOS 27.0, macCatalyst 27.0, macOS 27.0, visionOS 27.0, *)
    package func askWithFlow(
        _ question: PermissionQuestion<SignificantAppUpdateTopic>, flow: PermissionFlow
    ) async throws -> PermissionResult {
        record(.askSignificantChangePermission(question.topic.description, flow: "\(flow)"), introducedIn: (27, 0))
        permissionKit.recordQuestion(question)
        return try await perform(permissionKit.significantChangePermission)
    }
}
