import AppleMirrorSystem
import Foundation

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

/// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, visionOS 1.0, *)
open class ATTrackingManager {
    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus
    /// (the page shows no raw type, so the mirror has none).
    public enum AuthorizationStatus {
        case notDetermined
        case restricted
        case denied
        case authorized
    }

    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/trackingauthorizationstatus
    open class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus {
        let system = MirrorSystem.current
        system.record(.trackingAuthorizationStatus, introducedIn: (14, 0))
        return system.tracking.status
    }

    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)
    /// As on a device, the prompt appears only while the app is active and only while the
    /// status is not determined; otherwise the status comes back at once.
    open class func requestTrackingAuthorization(
        completionHandler completion: @escaping @Sendable (ATTrackingManager.AuthorizationStatus) -> Void
    ) {
        Task { completion(await requestTrackingAuthorization()) }
    }

    /// Mirrors https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization()
    /// (the `async` form of `requestTrackingAuthorization(completionHandler:)`).
    ///
    /// Assumed: Apple has no page for the async form; the page lists only
    /// `requestTrackingAuthorization(completionHandler:)`. Swift imports an `async` form of every
    /// Objective-C method whose last parameter is a completion handler, so on a device this form
    /// exists (the bridges call it) with the same availability.
    open class func requestTrackingAuthorization() async -> ATTrackingManager.AuthorizationStatus {
        let system = MirrorSystem.current
        system.record(.requestTrackingAuthorization, introducedIn: (14, 0))
        let tracking = system.tracking
        guard await isActive(), tracking.status == .notDetermined else { return tracking.status }
        tracking.promptsShown += 1
        tracking.status = tracking.answer
        return tracking.status
    }
}

@MainActor
private func isActive() -> Bool {
    #if canImport(UIKit)
        UIApplication.shared.applicationState == .active
    #elseif canImport(AppKit)
        NSApplication.shared.isActive
    #else
        true
    #endif
}

/// The tracking status on the scripted device, and what the person picks at the prompt.
package final class TrackingScript: MirrorScript, @unchecked Sendable {
    package var status: ATTrackingManager.AuthorizationStatus = .notDetermined
    package var answer: ATTrackingManager.AuthorizationStatus = .authorized
    package var promptsShown = 0

    package init() {}
}

extension MirrorSystem {
    package var tracking: TrackingScript { script(TrackingScript.self) }
}
