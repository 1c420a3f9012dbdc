import Foundation

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    /// Whether the app is in the foreground, and a wait until it is.
    struct AppActivity: Sendable {
        @MainActor
        static var isActive: Bool {
            #if canImport(UIKit) && !os(watchOS)
                UIApplication.shared.applicationState == .active
            #else
                NSApplication.shared.isActive
            #endif
        }

        /// Read on the main actor: the application classes are main-actor types.
        @MainActor
        static var didBecomeActive: Notification.Name {
            #if canImport(UIKit) && !os(watchOS)
                UIApplication.didBecomeActiveNotification
            #else
                NSApplication.didBecomeActiveNotification
            #endif
        }

        /// Returns once the app is active (at once if it is).
        func waitUntilActive() async {
            let (activations, continuation) = AsyncStream.makeStream(of: Void.self)
            let name = await Self.didBecomeActive
            // Registered before the check, so an activation in between is not missed.
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
                _ in continuation.yield()
            }
            defer { NotificationCenter.default.removeObserver(token) }
            if await Self.isActive { return }
            for await _ in activations {
                if await Self.isActive { return }
            }
        }
    }
#endif
