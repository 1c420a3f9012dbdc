import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct PermissionChoice {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.enum
    public enum Answer {
        case approval
        case denial
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/id
    public var id: String
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/title
    public var title: String
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.property
    public var answer: PermissionChoice.Answer

    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice (its example initializer)
    public init(id: String, title: String, answer: PermissionChoice.Answer) {
        self.id = id
        self.title = title
        self.answer = answer
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/approve
    public static let approve = PermissionChoice(id: "approve", title: "Approve", answer: .approval)
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/decline
    public static let decline = PermissionChoice(id: "decline", title: "Decline", answer: .denial)
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionresponse
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct PermissionResponse<Topic> where Topic: QuestionTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionresponse/choice
    public let choice: PermissionChoice
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionresponse/question
    public let question: PermissionQuestion<Topic>

    init(choice: PermissionChoice, question: PermissionQuestion<Topic>) {
        self.choice = choice
        self.question = question
    }
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/askerror
@available(iOS 26.1, macCatalyst 26.1, macOS 26.1, visionOS 26.1, *)
public enum AskError: Error {
    case unknown
    case communicationLimitsNotEnabled
    case contactSyncNotSetup
    case invalidQuestion
    case systemError(underlyingError: any Error)
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askerror/notavailable
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    case notAvailable
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionflow
@available(iOS 27.0, macCatalyst 27.0, macOS 27.0, visionOS 27.0, *)
public enum PermissionFlow: Sendable, Hashable {
    case acknowledgmentAlert
    case approveInPerson
    case askToApprove
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionresult
@available(iOS 27.0, macCatalyst 27.0, macOS 27.0, visionOS 27.0, *)
public enum PermissionResult: Sendable {
    case approveInPerson(approved: Bool)
    case askToApprove(didSend: Bool)
    case cancel
}
