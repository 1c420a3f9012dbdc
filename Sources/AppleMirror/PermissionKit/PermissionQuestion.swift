import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/questiontopic
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public protocol QuestionTopic: Decodable, Encodable {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/questiontopic/id
    static var id: String { get }
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public final class PermissionQuestion<Topic> where Topic: QuestionTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/topic
    public final let topic: Topic
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/id
    public final let id: UUID
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/choices
    public final var choices: [PermissionChoice] { [.approve, .decline] }
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/defaultchoice
    /// (the most restrictive choice).
    public final var defaultChoice: PermissionChoice { .decline }
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/expirationdate
    /// (no published default).
    public final var expirationDate: Date?

    init(topic: Topic) {
        self.topic = topic
        self.id = UUID()
    }
}

@available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
extension PermissionQuestion where Topic == SignificantAppUpdateTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/init(significantappupdatetopic:)
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    public convenience init(significantAppUpdateTopic: Topic) {
        self.init(topic: significantAppUpdateTopic)
    }
}

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
extension PermissionQuestion where Topic == CommunicationTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionquestion/init(communicationtopic:)
    public convenience init(communicationTopic: Topic) {
        self.init(topic: communicationTopic)
    }
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/significantappupdatetopic
@available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct SignificantAppUpdateTopic: QuestionTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/significantappupdatetopic/id
    ///
    /// Assumed: QuestionTopic requires `static var id: String { get }`; CommunicationTopic's
    /// witness has a page (`static let id: String`), this one could not be found.
    public static let id = "com.apple.PermissionKit.SignificantAppUpdateTopic"

    /// Mirrors https://developer.apple.com/documentation/permissionkit/significantappupdatetopic/description
    public let description: String

    /// Mirrors https://developer.apple.com/documentation/permissionkit/significantappupdatetopic/init(description:)
    public init(description: String) {
        self.description = description
    }
}
