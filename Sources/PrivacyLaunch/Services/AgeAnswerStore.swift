import AgeGating

/// Where the age answer is saved between launches: only the answer, never an age; beside it
/// the cadence record (a launch flag and the day of the app's last request).
public protocol AgeAnswerStore: Sendable {
    /// The saved answer; nil when none was saved.
    func load() async -> AgeAnswer?
    /// Saves the answer, replacing the one before.
    func save(_ answer: AgeAnswer) async
    /// The cadence record; a store that keeps none returns a fresh one.
    func loadCadence() async -> CadenceRecord
    /// Saves the cadence record after a launch.
    func saveCadence(_ record: CadenceRecord) async
}

extension AgeAnswerStore {
    /// A store that keeps no cadence record reads as a fresh install that never asked, so the
    /// rule asks as it would at every launch.
    public func loadCadence() async -> CadenceRecord { CadenceRecord() }
    /// Keeps nothing.
    public func saveCadence(_ record: CadenceRecord) async {}
}
