import Foundation

/// Someone the child wants to communicate with: PermissionKit's
/// `CommunicationTopic.PersonInformation` (a handle, and a name to show the guardian).
public struct CommunicationContact: Hashable, Sendable, Codable {
    /// `CommunicationHandle.Kind`.
    public enum HandleKind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A phone number, an email address, or an app's own handle.
        case phoneNumber, emailAddress, custom
    }

    /// The contact's handle: a phone number, an email address or the app's own id.
    public var handle: String
    /// What kind of handle it is.
    public var handleKind: HandleKind
    /// The name the guardian reads next to the handle.
    public var displayName: String?

    /// A contact; an app's own handle by default.
    public init(handle: String, handleKind: HandleKind = .custom, displayName: String? = nil) {
        self.handle = handle
        self.handleKind = handleKind
        self.displayName = displayName
    }
}

/// What the child wants to do with the contact: `CommunicationTopic.Action`. A case a later
/// system adds arrives as ``unknown(_:)``.
public enum CommunicationAction: Hashable, Sendable {
    /// The actions PermissionKit defines: message, call, audio or video call, chat, follow, be followed, friend, communicate.
    case message, call, audioCall, videoCall, chat, follow, beFollowed, friend, communicate
    /// An action this version of AgeKit does not know, with the system's raw value.
    case unknown(String)

    /// Every action the system defines today.
    public static let knownCases: [CommunicationAction] = [
        .message, .call, .audioCall, .videoCall, .chat, .follow, .beFollowed, .friend, .communicate,
    ]
}

extension CommunicationAction: RawRepresentable, Codable {
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .message: "message"
        case .call: "call"
        case .audioCall: "audioCall"
        case .videoCall: "videoCall"
        case .chat: "chat"
        case .follow: "follow"
        case .beFollowed: "beFollowed"
        case .friend: "friend"
        case .communicate: "communicate"
        case .unknown(let raw): raw
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A question for a guardian whose communication limits close a feature: PermissionKit's
/// `PermissionQuestion(communicationTopic:)`.
public struct CommunicationQuestion: Hashable, Sendable {
    /// AgeKit's id for the question; a bridge maps it to the system's own.
    public let id: String
    /// The app feature the limits close (the profile's feature name, such as "messages").
    public let feature: String
    /// The people the child asks to communicate with.
    public let contacts: [CommunicationContact]
    /// What the child asks to do with them.
    public let actions: [CommunicationAction]
    /// After this the guardian can no longer answer (the question's `expirationDate`).
    public let expiresAt: Date

    /// A question as the flow hands it to the system.
    public init(
        id: String, feature: String, contacts: [CommunicationContact], actions: [CommunicationAction], expiresAt: Date
    ) {
        self.id = id
        self.feature = feature
        self.contacts = contacts
        self.actions = actions
        self.expiresAt = expiresAt
    }
}

/// How asking ended, when the system says (27.0's `PermissionResult`); earlier systems only
/// return, and a child who cancels before sending leaves the app with no answer at all.
public enum CommunicationAskResult: Hashable, Sendable {
    /// The question was handed over; whether it was sent is not known.
    case handedOver
    /// The child sent it to the guardian.
    case sent
    /// The child cancelled without sending.
    case cancelled
}

/// The system's permission center for communication questions (PermissionKit's `AskCenter`
/// with `CommunicationTopic`). The simulator and the Apple bridge implement it.
public protocol CommunicationPermissionCenter: Sendable {
    /// Hands a question to the system. Throws ``PermissionAskError`` when nothing was sent
    /// (``PermissionAskError/communicationLimitsNotEnabled`` when the limits are off).
    func ask(_ question: CommunicationQuestion) async throws(PermissionAskError) -> CommunicationAskResult
    /// Every guardian response, for as long as the app runs; a denial does not end it.
    func responses() -> AsyncStream<GuardianResponse>
    /// Registers with the system at launch, before anything asks (see ``PermissionCenter``).
    func startListening()
}

extension CommunicationPermissionCenter {
    public func startListening() {}
}
