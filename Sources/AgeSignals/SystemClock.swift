public import Foundation

/// The real clock, every ``AppClock`` parameter's default: the wall date and `Task.sleep`.
/// The one place on the app side, with the Apple bridges, that reads the system's time.
public struct SystemClock: AppClock {
    /// The wall clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
