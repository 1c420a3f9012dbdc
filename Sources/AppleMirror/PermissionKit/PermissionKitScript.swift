import AppleMirrorSystem
import Foundation

/// What the scripted system and guardians answer to PermissionKit's calls, and what was asked.
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
package final class PermissionKitScript: MirrorScript, @unchecked Sendable {
    package var ask: MirrorSystem.Outcome<Void> = .value(())
    /// A 27.0 type, so kept erased: a stored property cannot be newer than its class.
    private var storedSignificantChangePermission: Any?

    private struct Asked {
        /// `PermissionQuestion<SignificantAppUpdateTopic>`s: a 26.2 type, newer than the class.
        var significantUpdate: [AnyObject] = []
        var communication: [PermissionQuestion<CommunicationTopic>] = []
        var feeds: [ObjectIdentifier: AnyObject] = [:]
    }

    private let lock = NSLock()
    private var asked = Asked()

    package init() {}

    /// What `askSignificantChangePermission` returns (the 27.0 flow); the child cancels unless scripted.
    @available(iOS 27.0, macCatalyst 27.0, macOS 27.0, visionOS 27.0, *)
    package var significantChangePermission: MirrorSystem.Outcome<PermissionResult> {
        get { storedSignificantChangePermission as? MirrorSystem.Outcome<PermissionResult> ?? .value(.cancel) }
        set { storedSignificantChangePermission = newValue }
    }

    /// Every significant-update question handed to the system, oldest first.
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    package var askedQuestions: [PermissionQuestion<SignificantAppUpdateTopic>] {
        lock.withLock { asked.significantUpdate.compactMap { $0 as? PermissionQuestion<SignificantAppUpdateTopic> } }
    }

    /// Every communication question handed to the system, oldest first.
    package var askedCommunicationQuestions: [PermissionQuestion<CommunicationTopic>] {
        lock.withLock { asked.communication }
    }

    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, visionOS 26.2, *)
    func recordQuestion(_ question: PermissionQuestion<SignificantAppUpdateTopic>) {
        lock.withLock { asked.significantUpdate.append(question) }
    }

    func recordQuestion(_ question: PermissionQuestion<CommunicationTopic>) {
        lock.withLock { asked.communication.append(question) }
    }

    /// The guardian responses of one topic; every `responses(for:)` sequence of it hears them.
    package func responses<Topic: QuestionTopic>(_ topic: Topic.Type) -> ResponseFeed<Topic> {
        lock.withLock {
            if let feed = asked.feeds[ObjectIdentifier(topic)] as? ResponseFeed<Topic> { return feed }
            let feed = ResponseFeed<Topic>()
            asked.feeds[ObjectIdentifier(topic)] = feed
            return feed
        }
    }
}

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
extension MirrorSystem {
    package var permissionKit: PermissionKitScript { script(PermissionKitScript.self) }
}
