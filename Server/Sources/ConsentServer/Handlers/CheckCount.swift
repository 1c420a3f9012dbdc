import Synchronization

/// How often a check ran: tests read it to see that a check runs once per request.
final class CheckCount: Sendable {
    private let value = Atomic<Int>(0)

    func add() { value.add(1, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}
