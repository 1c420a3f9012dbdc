import AgeGating
import AgeSignals
import Foundation

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    /// Waits for something to present a sheet in. At launch, and just after the tracking or the
    /// age sheet closed, no scene is foreground-active yet: a sheet asked for then would fail at
    /// once, so the bridges wait (within ``BridgeDeadlines/activation``), as the tracking
    /// prompt does, and look again each time the app or a scene becomes active or a SwiftUI view
    /// installs its actions.
    enum PresentationWait {
        /// Posted when a view installs its actions in ``SwiftUIActions``.
        static let actionsInstalled = Notification.Name("AgeKitApple.SwiftUIActionsInstalled")

        /// `find`'s first answer, read on the main actor now and after each activation; nil when
        /// none came within `duration`.
        static func first<Value: Sendable>(
            within duration: Duration, clock: any AppClock,
            _ find: @escaping @MainActor @Sendable () -> Value?
        ) async -> Value? {
            if let value = await find() { return value }
            let outcome = await SystemCall.run(within: duration, clock: clock) {
                () async throws(AgeRangeProviderError) -> Value in
                try await waitFor(find)
            }
            if case .value(let value) = outcome { return value }
            return nil
        }

        /// The notifications after which `find` may answer differently.
        @MainActor
        static var activations: [Notification.Name] {
            #if canImport(UIKit) && !os(watchOS)
                [UIApplication.didBecomeActiveNotification, UIScene.didActivateNotification, actionsInstalled]
            #else
                [NSApplication.didBecomeActiveNotification, actionsInstalled]
            #endif
        }

        private static func waitFor<Value: Sendable>(
            _ find: @escaping @MainActor @Sendable () -> Value?
        ) async throws(AgeRangeProviderError) -> Value {
            let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
            // Registered before looking again, so an activation in between is not missed.
            let tokens = await activations.map { name in
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                    continuation.yield()
                }
            }
            defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
            if let value = await find() { return value }
            for await _ in changes {
                if let value = await find() { return value }
            }
            // The stream ends only when the deadline cancelled the wait.
            throw .notAvailable
        }
    }
#endif
