/// Keeps no answer: for an app whose `AgeGate` keeps the one saved answer (the launch never
/// reads or writes this store then).
public struct NoAnswerStore: AgeAnswerStore {
    /// The stand-in store.
    public init() {}
    public func load() async -> AgeAnswer? { nil }
    public func save(_ answer: AgeAnswer) async {}
}
