import Foundation

/// A question for a guardian about one change (PermissionKit's significant-update topic).
public struct GuardianQuestion: Hashable, Sendable {
    /// AgeKit's id for the question; a bridge maps it to the system's own.
    public let id: String
    public let changeID: String
    /// What the guardian reads.
    public let description: String
    /// After this the guardian can no longer answer (the question's `expirationDate`).
    public let expiresAt: Date

    public init(id: String, changeID: String, description: String, expiresAt: Date) {
        self.id = id
        self.changeID = changeID
        self.description = description
        self.expiresAt = expiresAt
    }
}

/// A guardian's answer.
public struct GuardianResponse: Hashable, Sendable {
    public let questionID: String
    public let approved: Bool

    public init(questionID: String, approved: Bool) {
        self.questionID = questionID
        self.approved = approved
    }
}

/// Why a question could not be sent. Mirrors PermissionKit's `AskError`.
public enum PermissionAskError: Error, Hashable, Sendable {
    /// Thrown when asking for an adult: take the adult path.
    case notAvailable
    case invalidQuestion
    case systemError(String)
    case unknown(String)
}

/// The system's permission center (PermissionKit's `AskCenter`).
public protocol PermissionCenter: Sendable {
    /// Hands a question to the system for the guardian. Throws ``PermissionAskError/notAvailable``
    /// for adults. Returning does not mean it was sent: the child may still cancel.
    func ask(_ question: GuardianQuestion) async throws(PermissionAskError)
    /// Every guardian response, for as long as the app runs; a denial does not end it.
    func responses() -> AsyncStream<GuardianResponse>
}
