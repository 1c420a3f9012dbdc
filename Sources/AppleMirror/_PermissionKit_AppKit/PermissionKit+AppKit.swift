import AppKit
import AppleMirrorSystem
@_exported import PermissionKit

// The cross-import overlay Apple's SDK loads when a file imports both PermissionKit and
// AppKit: asking takes the window the system sheet presents over. Apple documents only the
// significant-update question here; the communication question on a Mac goes through
// `CommunicationLimits`.

@available(macOS 26.2, *)
extension AskCenter {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/ask(_:in:)-39vi7
    public final func ask(_ question: PermissionQuestion<SignificantAppUpdateTopic>, in window: NSWindow) async throws {
        try await MirrorSystem.current.askSignificantUpdate(question)
    }

    /// Mirrors https://developer.apple.com/documentation/permissionkit/askcenter/asksignificantchangepermission(for:permissionflow:in:)-85gmn
    @available(macOS 27.0, *)
    @MainActor
    public final func askSignificantChangePermission(
        for question: PermissionQuestion<SignificantAppUpdateTopic>, permissionFlow: PermissionFlow,
        in window: NSWindow
    ) async throws -> PermissionResult {
        try await MirrorSystem.current.askWithFlow(question, flow: permissionFlow)
    }
}

@available(macOS 26.0, *)
extension CommunicationLimits {
    /// Mirrors https://developer.apple.com/documentation/permissionkit/communicationlimits/ask(_:in:)-5tzyy
    public final func ask(_ question: PermissionQuestion<CommunicationTopic>, in window: NSWindow) async throws {
        try await MirrorSystem.current.askCommunication(question, introducedIn: (26, 0))
    }
}
