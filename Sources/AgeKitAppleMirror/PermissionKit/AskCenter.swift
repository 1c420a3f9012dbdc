import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter
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
        return system.responses(topicType).makeStream()
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/ask(_:in:)-8ks48
    public final func ask(
        _ question: PermissionQuestion<SignificantAppUpdateTopic>, in viewController: UIViewController
    )
        async throws
    {
        let system = MirrorSystem.current
        system.record(.ask(topic: question.topic.description), introducedIn: (26, 2))
        system.recordQuestion(question)
        try await system.perform(system.ask)
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/ask(_:in:)-6xupo
    public final func ask(
        _ question: PermissionQuestion<CommunicationTopic>, in viewController: UIViewController
    )
        async throws
    {
        let system = MirrorSystem.current
        system.record(.ask(topic: "communication"), introducedIn: (26, 2))
        system.recordQuestion(question)
        try await system.perform(system.ask)
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/asksignificantchangepermission(for:permissionflow:in:)-nm9w
    @available(iOS 27.0, visionOS 27.0, *)
    @MainActor
    public final func askSignificantChangePermission(
        for question: PermissionQuestion<SignificantAppUpdateTopic>, permissionFlow: PermissionFlow,
        in viewController: UIViewController
    ) async throws -> PermissionResult {
        let system = MirrorSystem.current
        system.record(
            .askSignificantChangePermission(question.topic.description, flow: "\(permissionFlow)"),
            introducedIn: (27, 0))
        system.recordQuestion(question)
        return try await system.perform(system.significantChangePermission)
    }
}
