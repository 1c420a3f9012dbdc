/// What a write that ran hands its caller once the transaction holding that run is durable:
/// the body's value, still typed, on its way to the write's completion.
typealias WriteDelivery = @Sendable () -> Void

/// A write the queue holds, whatever its body returns: the queue and the commit machine see
/// only this, and each write keeps its own result type, so no value is erased and cast back.
protocol PendingWrite: AnyObject, Sendable {
    /// Runs the body in the open transaction. The delivery returned holds the body's value;
    /// it is called only when this run is the one that committed (a run rolled back is
    /// dropped, and the write runs again or fails).
    func run(on connection: any SQLConnection) throws -> WriteDelivery
    /// Tells the caller the write failed.
    func fail(_ error: LedgerError)
}

/// A write with its caller's result type: one object per write holds the body and the
/// completion, and each run that succeeds one delivery.
final class TypedWrite<Value: Sendable>: PendingWrite {
    private let body: @Sendable (any SQLConnection) throws -> Value
    private let completion: @Sendable (Result<Value, LedgerError>) -> Void

    init(
        body: @escaping @Sendable (any SQLConnection) throws -> Value,
        completion: @escaping @Sendable (Result<Value, LedgerError>) -> Void
    ) {
        self.body = body
        self.completion = completion
    }

    func run(on connection: any SQLConnection) throws -> WriteDelivery {
        let value = try body(connection)
        return { [completion] in completion(.success(value)) }
    }

    func fail(_ error: LedgerError) { completion(.failure(error)) }
}
