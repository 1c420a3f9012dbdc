import AgeGating
import AgeSignals
import PrivacyLaunch

/// The saved age answer, in memory: only `over` or `under`, never an age; and the cadence
/// record (a launch flag and the day of the last request).
public final class SimulatedAgeAnswerStore: AgeAnswerStore, Sendable {
    private struct State {
        var answer: AgeAnswer?
        var saves = 0
        var cadence: CadenceRecord
    }

    private let state: Locked<State>

    /// A store holding `answer` and `cadence`, as an earlier launch left them.
    public init(_ answer: AgeAnswer? = nil, cadence: CadenceRecord = CadenceRecord()) {
        self.state = Locked(State(answer: answer, cadence: cadence))
    }

    /// The saved answer; nil when none was ever saved.
    public var answer: AgeAnswer? { state.withLock { $0.answer } }
    /// How many times an answer was saved.
    public var saveCount: Int { state.withLock { $0.saves } }
    /// The saved cadence record.
    public var cadence: CadenceRecord { state.withLock { $0.cadence } }

    /// The saved answer, as the launch sequence reads it.
    public func load() async -> AgeAnswer? { answer }

    /// Replaces the saved answer and counts the save.
    public func save(_ answer: AgeAnswer) async {
        state.withLock { state in
            state.answer = answer
            state.saves += 1
        }
    }

    public func loadCadence() async -> CadenceRecord { cadence }

    /// Replaces the saved cadence record.
    public func saveCadence(_ record: CadenceRecord) async { state.withLock { $0.cadence = record } }
}

/// Welcome screens that are already finished when the sequence waits for them.
public struct SimulatedWelcomeScreens: WelcomeScreens {
    /// Screens with nothing to wait for.
    public init() {}
    /// Returns at once: the screens are already finished.
    public func waitUntilFinished() async {}
}
