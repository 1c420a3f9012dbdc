import ServerTime
import Synchronization

/// A ``ServerClock`` that moves only when a test moves it. Its sleeps return at once: they are
/// recorded and advance both clocks by their length, as if the time had passed.
package final class TestClock: ServerClock {
    private struct State {
        var milliseconds: Int64
        var seconds: Double
        var sleeps: [Double] = []
    }

    private let state: Mutex<State>

    package init(milliseconds: Int64 = 1_700_000_000_000, monotonic: Double = 1000) {
        state = Mutex(State(milliseconds: milliseconds, seconds: monotonic))
    }

    package func now() -> Int64 { state.withLock { $0.milliseconds } }

    package func monotonic() -> Double { state.withLock { $0.seconds } }

    package func sleep(seconds: Double) async {
        state.withLock { $0.sleeps.append(seconds) }
        advance(seconds: max(0, seconds))
    }

    /// The sleeps asked for, in order.
    package var sleeps: [Double] { state.withLock { $0.sleeps } }

    /// Moves both clocks forward.
    package func advance(seconds: Double) {
        state.withLock {
            $0.seconds += seconds
            $0.milliseconds += Int64((seconds * 1000).rounded())
        }
    }

    /// Sets the wall clock (the monotonic one stays: it never jumps).
    package func set(milliseconds: Int64) { state.withLock { $0.milliseconds = milliseconds } }
}
