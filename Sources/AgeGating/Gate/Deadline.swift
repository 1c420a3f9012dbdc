import AgeSignals

/// How a call to the system ended.
public enum CallOutcome<Value: Sendable>: Sendable {
    /// The call returned this value.
    case value(Value)
    /// The call threw this error.
    case failed(AgeRangeProviderError)
    /// No answer before the deadline: the call is abandoned (and cancelled).
    case timedOut
}

/// Runs system calls with a deadline. The call runs in its own task, so a call that never
/// returns, even one that ignores cancellation, cannot hold the caller past the deadline.
public enum Deadline {
    /// With no deadline (nil) the call is awaited in the caller's task: for calls that cannot
    /// hang, where the two tasks of a race would only cost time.
    public static func run<Value: Sendable>(
        within duration: Duration?, clock: any AppClock,
        _ operation: @escaping @Sendable () async throws(AgeRangeProviderError) -> Value
    ) async -> CallOutcome<Value> {
        guard let duration else {
            do throws(AgeRangeProviderError) { return .value(try await operation()) } catch { return .failed(error) }
        }
        let race = Race<CallOutcome<Value>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    do throws(AgeRangeProviderError) {
                        race.finish(.value(try await operation()))
                    } catch {
                        race.finish(.failed(error))
                    }
                }
                let timer = Task {
                    do {
                        try await clock.sleep(for: duration)
                        race.finish(.timedOut)
                    } catch {}
                }
                race.track([work, timer])
            }
        } onCancel: {
            race.finish(.timedOut)
        }
    }
}

/// The first finisher resumes the caller and cancels the others.
private final class Race<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, Never>?
        var pending: Result?
        var tasks: [Task<Void, Never>] = []
        var done = false
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Result, Never>) {
        let early: Result? = state.withLock { state in
            if let pending = state.pending {
                state.pending = nil
                return pending
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func track(_ tasks: [Task<Void, Never>]) {
        let cancelNow = state.withLock { state in
            if state.done { return true }
            state.tasks = tasks
            return false
        }
        if cancelNow { for task in tasks { task.cancel() } }
    }

    func finish(_ result: Result) {
        let (continuation, tasks): (CheckedContinuation<Result, Never>?, [Task<Void, Never>]) = state.withLock {
            state in
            guard !state.done else { return (nil, []) }
            state.done = true
            let tasks = state.tasks
            state.tasks = []
            guard let continuation = state.continuation else {
                state.pending = result
                return (nil, tasks)
            }
            state.continuation = nil
            return (continuation, tasks)
        }
        continuation?.resume(returning: result)
        for task in tasks { task.cancel() }
    }
}
