import Observation

/// Waits on an app's `@Observable` state (`AgeAssurance`, `AgeGate`) in its tests, without
/// polling or sleeping: what a listener task does shows in the state it changes.
public enum Observed {
    /// Returns once `condition` holds: it is read now, and again after each change of an
    /// observed property it read, so the wait ends with the change itself. True when it
    /// returns; a change that never comes waits on, so give the test a time limit.
    @MainActor
    public static func eventually(_ condition: @escaping @MainActor () -> Bool) async -> Bool {
        while !condition() {
            await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = condition()
                } onChange: {
                    changed.resume()
                }
            }
        }
        return true
    }
}
