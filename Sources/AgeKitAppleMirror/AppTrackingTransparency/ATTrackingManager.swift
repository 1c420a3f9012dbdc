import Foundation

/// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, visionOS 1.0, *)
open class ATTrackingManager {
    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus-swift.enum
    public enum AuthorizationStatus: UInt {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }

    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/trackingauthorizationstatus
    open class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus {
        let system = MirrorSystem.current
        system.record(.trackingAuthorizationStatus, introducedIn: (14, 0))
        return system.trackingStatus
    }

    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)
    /// in its `async` form. As on a device, the prompt appears only while the app is active
    /// and only while the status is not determined; otherwise the status returns at once.
    open class func requestTrackingAuthorization() async -> ATTrackingManager.AuthorizationStatus {
        let system = MirrorSystem.current
        system.record(.requestTrackingAuthorization, introducedIn: (14, 0))
        let active = await MainActor.run { system.application.applicationState == .active }
        guard active, system.trackingStatus == .notDetermined else { return system.trackingStatus }
        system.trackingPromptsShown += 1
        system.trackingStatus = system.trackingAnswer
        return system.trackingStatus
    }
}
