/// The wall clock, passed in so tests and the simulator control time.
public protocol LaunchClock: Sendable {
    /// The current time.
    func currentTime() -> Timestamp
}
