import AgeGating
import PrivacyLaunch
import Synchronization

/// The saved age answer, in memory: only `over` or `under`, never an age; and the cadence
/// record (a launch flag and the day of the last request).
public final class SimulatedAgeAnswerStore: AgeAnswerStore, Sendable {
    private struct State {
        var answer: AgeAnswer?
        var saves = 0
        var cadence: CadenceRecord
    }

    private let state: Mutex<State>

    public init(_ answer: AgeAnswer? = nil, cadence: CadenceRecord = CadenceRecord()) {
        self.state = Mutex(State(answer: answer, cadence: cadence))
    }

    public var answer: AgeAnswer? { state.withLock { $0.answer } }
    public var saveCount: Int { state.withLock { $0.saves } }
    public var cadence: CadenceRecord { state.withLock { $0.cadence } }

    public func load() async -> AgeAnswer? { answer }

    public func save(_ answer: AgeAnswer) async {
        state.withLock { state in
            state.answer = answer
            state.saves += 1
        }
    }

    public func loadCadence() async -> CadenceRecord { cadence }

    public func saveCadence(_ record: CadenceRecord) async { state.withLock { $0.cadence = record } }
}

/// Welcome screens that are already finished when the sequence waits for them.
public struct SimulatedWelcomeScreens: WelcomeScreens {
    public init() {}
    public func waitUntilFinished() async {}
}
