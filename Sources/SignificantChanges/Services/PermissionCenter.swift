import Foundation

/// A question for a guardian about one change (PermissionKit's significant-update topic).
public struct GuardianQuestion: Hashable, Sendable {
    /// AgeKit's id for the question; a bridge maps it to the system's own.
    public let id: String
    /// The change the guardian is asked about.
    public let changeID: String
    /// What the guardian reads.
    public let description: String
    /// After this the guardian can no longer answer (the question's `expirationDate`).
    public let expiresAt: Date

    /// A question as the flow hands it to the system.
    public init(id: String, changeID: String, description: String, expiresAt: Date) {
        self.id = id
        self.changeID = changeID
        self.description = description
        self.expiresAt = expiresAt
    }
}

/// A guardian's answer.
public struct GuardianResponse: Hashable, Sendable {
    /// The question answered.
    public let questionID: String
    /// Whether the guardian approved.
    public let approved: Bool

    /// An answer as the system reports it.
    public init(questionID: String, approved: Bool) {
        self.questionID = questionID
        self.approved = approved
    }
}

/// Why a question could not be sent. Mirrors every published case of PermissionKit's
/// `AskError` (both topics: significant update and communication); a case a later system adds
/// arrives as ``unknown(_:)`` with its description, as does `AskError.unknown` itself.
/// ``AskErrorRule`` says what to do with each.
public enum PermissionAskError: Error, Hashable, Sendable {
    /// 26.2: thrown when asking for an adult: the age answer is read again, nothing opens.
    case notAvailable
    /// 26.1: communication limits are not on, so there is no permission to ask for.
    case communicationLimitsNotEnabled
    /// 26.1: contact sync is not set up, so the system cannot put the question to a guardian.
    case contactSyncNotSetup
    /// 26.1: the question itself was wrong (a programmer error).
    case invalidQuestion
    /// 26.1: the system failed, with the underlying error's description.
    case systemError(String)
    /// 26.1 `unknown`, or a case this version of AgeKit does not know.
    case unknown(String)

    /// Every published case, in the order the system added them.
    public static let knownCases: [PermissionAskError] = [
        .unknown("unknown"), .communicationLimitsNotEnabled, .contactSyncNotSetup, .invalidQuestion,
        .systemError("underlyingError"), .notAvailable,
    ]

    /// A stable name for reports: the case name without its payload.
    public var name: String {
        switch self {
        case .notAvailable: "notAvailable"
        case .communicationLimitsNotEnabled: "communicationLimitsNotEnabled"
        case .contactSyncNotSetup: "contactSyncNotSetup"
        case .invalidQuestion: "invalidQuestion"
        case .systemError: "systemError"
        case .unknown: "unknown"
        }
    }

    /// Parses a case name (as ``name`` prints it); anything else is nil.
    public init?(name: String) {
        guard let error = Self.knownCases.first(where: { $0.name == name }) else { return nil }
        self = error
    }
}

/// What the app does when asking failed (PermissionKit's `AskError`), as one table. Nothing
/// was sent in every row, so no row unblocks anything.
public enum AskErrorRule: String, Hashable, Sendable, CaseIterable, Codable {
    /// The system does not see a minor, against the age answer that chose a guardian
    /// question: nothing opens (an error never routes anyone to the adult path); read the age
    /// range again and route by it.
    case readAgeAgain
    /// The system says communication limits are off: the stored answer is stale, so read the
    /// age range again; the feature stays closed until the new answer says the limits are off.
    case refreshAgeRange
    /// Tell the person to set up contact sync, then offer to ask again.
    case setUpContactSync
    /// The question was wrong: assert in debug, offer nothing (asking again fails the same way).
    case programmerError
    /// The system failed: offer to ask again later.
    case retryLater

    /// | `AskError` | rule |
    /// | --- | --- |
    /// | `notAvailable` | read the age range again, closed meanwhile; never the adult path |
    /// | `communicationLimitsNotEnabled` | read the age range again, closed meanwhile |
    /// | `contactSyncNotSetup` | set up contact sync, then retry |
    /// | `invalidQuestion` | programmer error |
    /// | `systemError`, `unknown`, a later case | retry later |
    public init(_ error: PermissionAskError) {
        switch error {
        case .notAvailable: self = .readAgeAgain
        case .communicationLimitsNotEnabled: self = .refreshAgeRange
        case .contactSyncNotSetup: self = .setUpContactSync
        case .invalidQuestion: self = .programmerError
        case .systemError, .unknown: self = .retryLater
        }
    }

    /// Whether the screen offers to ask again.
    public var canRetry: Bool { self == .setUpContactSync || self == .retryLater }
}

/// The system's permission center (PermissionKit's `AskCenter`).
public protocol PermissionCenter: Sendable {
    /// Hands a question to the system for the guardian. Throws ``PermissionAskError/notAvailable``
    /// for adults (route by age before asking). Returning does not mean it was sent: the child may still cancel.
    func ask(_ question: GuardianQuestion) async throws(PermissionAskError)
    /// Every guardian response, for as long as the app runs; a denial does not end it.
    func responses() -> AsyncStream<GuardianResponse>
    /// Registers with the system at launch, before anything asks, so an answer that arrives
    /// early is kept (the Apple bridge buffers it); a center with nothing to register does nothing.
    func startListening()
}

extension PermissionCenter {
    public func startListening() {}
}
