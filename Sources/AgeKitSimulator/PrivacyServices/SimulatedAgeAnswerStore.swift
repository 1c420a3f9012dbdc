import PrivacyLaunch
import Synchronization

/// The saved age answer, in memory: only `over` or `under`, never an age.
public final class SimulatedAgeAnswerStore: AgeAnswerStore, Sendable {
    private let state: Mutex<(answer: AgeAnswer?, saves: Int)>

    public init(_ answer: AgeAnswer? = nil) {
        self.state = Mutex((answer, 0))
    }

    public var answer: AgeAnswer? { state.withLock { $0.answer } }
    public var saveCount: Int { state.withLock { $0.saves } }

    public func load() async -> AgeAnswer? { answer }

    public func save(_ answer: AgeAnswer) async {
        state.withLock { $0 = (answer, $0.saves + 1) }
    }
}

/// Welcome screens that are already finished when the sequence waits for them.
public struct SimulatedWelcomeScreens: WelcomeScreens {
    public init() {}
    public func waitUntilFinished() async {}
}
