import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct PermissionChoice {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.enum
    ///
    /// Assumed: the page of the enumeration (and of its cases) could not be found; the
    /// PermissionChoice page uses `.approval` in its example.
    public enum Answer {
        /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.enum/approval
        ///
        /// Assumed: no page could be found (see ``PermissionChoice/Answer``).
        case approval
        /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.enum/denial
        ///
        /// Assumed: no page could be found (see ``PermissionChoice/Answer``).
        case denial
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/id
    public private(set) var id: String
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/title
    public var title: String
    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/answer-swift.property
    public var answer: PermissionChoice.Answer

    /// Mirrors https://developer.apple.com/documentation/permissionkit/permissionchoice/init(id:title:answer:)
    ///
    /// Assumed: the PermissionChoice page calls this initializer in its example code, but no
    /// page of the initializer itself could be found.
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
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askerror/unknown
    ///
    /// Assumed: the AskError page lists this case ("an unknown error response"), but its own
    /// page could not be found.
    case unknown
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askerror/communicationlimitsnotenabled
    ///
    /// Assumed: the AskError page lists this case ("communication limits isn't enabled"), but
    /// its own page could not be found.
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
