import Foundation

/// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
public struct CommunicationTopic: QuestionTopic {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/action
    public enum Action: Hashable {
        case audioCall
        case call
        case follow
        case friend
        case message
        case beFollowed
        case chat
        case videoCall
        case communicate
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct
    public struct PersonInformation {
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/handle
        public var handle: CommunicationHandle
        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/namecomponents
        public var nameComponents: PersonNameComponents?

        /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationtopic/personinformation-swift.struct/init(handle:namecomponents:avatarimage:)
        /// without its `avatarImage: CGImage? = nil` (CoreGraphics does not exist here).
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
public struct CommunicationHandle: Hashable {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationhandle/kind-swift.enum
    public enum Kind: Hashable {
        case custom
        case emailAddress
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
