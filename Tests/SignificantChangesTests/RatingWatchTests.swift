import SignificantChanges
import Testing

@Suite("Rating watch")
struct RatingWatchTests {
    struct Sequence: Sendable, CustomTestStringConvertible {
        let name: String
        let codes: [Int?]
        let baseline: Int?
        let pending: RatingChange?
        let last: RatingWatch.Observation
        var testDescription: String { name }
    }

    @Test(
        "readings decide the baseline and raise changes",
        arguments: [
            Sequence(name: "nil decides nothing", codes: [nil, nil], baseline: nil, pending: nil, last: .unavailable),
            Sequence(
                name: "0 never becomes the baseline", codes: [0, 0], baseline: nil, pending: nil,
                last: .developmentCode),
            Sequence(
                name: "0 from TestFlight then a real code sets the baseline silently", codes: [0, 0, 4], baseline: 4,
                pending: nil, last: .baselineSet(4)),
            Sequence(
                name: "first real value is the silent baseline", codes: [nil, 9], baseline: 9, pending: nil,
                last: .baselineSet(9)),
            Sequence(
                name: "same value is unchanged", codes: [4, 4], baseline: 4, pending: nil, last: .unchanged(4)),
            Sequence(
                name: "a different value raises a change with old and new", codes: [4, 5], baseline: 4,
                pending: RatingChange(old: 4, new: 5), last: .changed(RatingChange(old: 4, new: 5))),
            Sequence(
                name: "the baseline does not move while unresolved", codes: [4, 5, 5], baseline: 4,
                pending: RatingChange(old: 4, new: 5), last: .stillPending(RatingChange(old: 4, new: 5))),
            Sequence(
                name: "0 or nil after a baseline change nothing", codes: [4, 0, nil], baseline: 4, pending: nil,
                last: .unavailable),
            Sequence(
                name: "a second change replaces the unresolved one, from the same baseline", codes: [4, 5, 6],
                baseline: 4, pending: RatingChange(old: 4, new: 6), last: .changed(RatingChange(old: 4, new: 6))),
            Sequence(
                name: "going back to the baseline withdraws the change", codes: [4, 5, 4], baseline: 4, pending: nil,
                last: .changeWithdrawn(RatingChange(old: 4, new: 5))),
        ])
    func readings(_ row: Sequence) {
        var watch = RatingWatch()
        var last: RatingWatch.Observation?
        for code in row.codes { last = watch.observe(code) }
        #expect(watch.baseline == row.baseline)
        #expect(watch.pendingChange == row.pending)
        #expect(last == row.last)
    }

    @Test("the baseline moves only once the change is resolved")
    func resolveMovesBaseline() {
        var watch = RatingWatch()
        _ = watch.observe(4)
        guard case .changed(let change) = watch.observe(5) else {
            Issue.record("no change raised")
            return
        }
        let wrong = watch.resolve(RatingChange(old: 4, new: 6))
        #expect(!wrong)
        #expect(watch.baseline == 4)
        let resolved = watch.resolve(change)
        #expect(resolved)
        #expect(watch.baseline == 5)
        #expect(watch.pendingChange == nil)
        let again = watch.observe(5)
        #expect(again == .unchanged(5))
    }

    @Test("a stored baseline of 0 is discarded")
    func storedZero() {
        let watch = RatingWatch(baseline: 0, pendingChange: RatingChange(old: 0, new: 4))
        #expect(watch.baseline == nil)
        #expect(watch.pendingChange == nil)
    }
}
