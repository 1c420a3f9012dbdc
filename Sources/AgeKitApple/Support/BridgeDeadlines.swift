import AgeGating
import AgeSignals

/// The deadlines the bridges put on every system call: the core's `Deadline` runs each
/// call in its own task, so a call that never returns holds neither the caller nor the main
/// actor past its limit.
public struct BridgeDeadlines: Sendable {
    /// Calls that answer without a person: eligibility, regulatory features, the rating
    /// code, the app transaction, the tracking status. Known to hang on some builds.
    public var signal: Duration
    /// Sheets a person answers: the age range sheet, the acknowledgment sheet, the guardian
    /// question, the tracking prompt. Long, but never endless.
    public var prompt: Duration
    /// How long a sheet or the tracking prompt waits for something to present in: the app or
    /// its scene to become active (at launch, just after another sheet closed), or a SwiftUI
    /// view to install its actions.
    public var activation: Duration
    /// The clock the deadlines sleep on (a test clock in tests).
    public var clock: any AppClock

    /// Deadlines for signal reads, for sheets a person answers, and for waiting on a window to present in.
    public init(
        signal: Duration = .seconds(10), prompt: Duration = .seconds(600), activation: Duration = .seconds(60),
        clock: any AppClock = SystemClock()
    ) {
        self.signal = signal
        self.prompt = prompt
        self.activation = activation
        self.clock = clock
    }
}
