import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct CommunicationTopic: QuestionTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/id
    public static let id = "com.apple.PermissionKit.CommunicationTopic"

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action
    public enum Action: Hashable, Codable {
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/audiocall
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case audioCall
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/call
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case call
        case follow
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/friend
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case friend
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/message
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case message
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/befollowed
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case beFollowed
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action/chat
        ///
        /// Assumed: the Action page lists this case, but its own page could not be found.
        case chat
        case videoCall
        case communicate
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct
    ///
    /// Assumed: no page of the structure itself could be found (its members' pages exist).
    public struct PersonInformation: Codable {
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/handle
        public var handle: CommunicationHandle
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/namecomponents
        public var nameComponents: PersonNameComponents?

        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/init(handle:namecomponents:avatarimage:)
        ///
        /// Assumed: Apple declares `init(handle: CommunicationHandle, nameComponents: PersonNameComponents? = nil, avatarImage: CGImage? = nil)`;
        /// CoreGraphics does not exist on Linux, so the mirror has no `avatarImage` parameter
        /// (a call that leaves it out, as the bridges' does, reads the same).
        public init(handle: CommunicationHandle, nameComponents: PersonNameComponents? = nil) {
            self.handle = handle
            self.nameComponents = nameComponents
        }
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.property
    public var personInformation: [CommunicationTopic.PersonInformation]
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/actions
    public var actions: Set<CommunicationTopic.Action>

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/init(personinformation:actions:)
    public init(personInformation: [CommunicationTopic.PersonInformation], actions: Set<CommunicationTopic.Action>) {
        self.personInformation = personInformation
        self.actions = actions
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/init(personinformation:)
    public init(personInformation: [CommunicationTopic.PersonInformation]) {
        self.init(personInformation: personInformation, actions: [.communicate])
    }
}

/// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct CommunicationHandle: Hashable, Codable {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.enum
    ///
    /// Assumed: the CommunicationHandle page links this enumeration, but neither its page nor
    /// its cases' pages could be found.
    public enum Kind: Hashable, Codable {
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.enum/custom
        ///
        /// Assumed: no page could be found (see ``CommunicationHandle/Kind``).
        case custom
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.enum/emailaddress
        ///
        /// Assumed: no page could be found (see ``CommunicationHandle/Kind``).
        case emailAddress
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.enum/phonenumber
        ///
        /// Assumed: no page could be found (see ``CommunicationHandle/Kind``).
        case phoneNumber
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/value
    public var value: String
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.property
    public var kind: CommunicationHandle.Kind

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/init(value:kind:)
    public init(value: String, kind: CommunicationHandle.Kind) {
        self.value = value
        self.kind = kind
    }
}
