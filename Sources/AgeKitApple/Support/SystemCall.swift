import AgeGating
import AgeSignals

/// How a bridged system call ended.
enum SystemCallOutcome<Value: Sendable, Failure: Error & Sendable>: Sendable {
    case value(Value)
    case failed(Failure)
    case timedOut
}

/// Runs one system call under the core's ``Deadline``, whatever error type the bridge maps
/// the system's errors to.
enum SystemCall {
    static func run<Value: Sendable, Failure: Error & Sendable>(
        within duration: Duration, clock: any AppClock,
        _ operation: @escaping @Sendable () async throws(Failure) -> Value
    ) async -> SystemCallOutcome<Value, Failure> {
        let outcome = await Deadline.run(within: duration, clock: clock) {
            () async throws(AgeRangeProviderError) -> Result<Value, Failure> in
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .value(.success(let value)): return .value(value)
        case .value(.failure(let error)): return .failed(error)
        case .failed, .timedOut: return .timedOut
        }
    }
}
