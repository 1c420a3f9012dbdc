import Testing

@testable import ConsentServer

@Suite("The minimum body rate: after the grace, the body keeps up with it")
struct BodyRateTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let received: Int
        let elapsed: Double
        let tooSlow: Bool
        var testDescription: String { name }
    }

    @Test(
        "a body is cut once it falls behind 1 KiB/s counted from the end of a 10 s grace",
        arguments: [
            Row(name: "nothing yet, within the grace", received: 0, elapsed: 9.9, tooSlow: false),
            Row(name: "nothing at the grace's end", received: 0, elapsed: 10.25, tooSlow: true),
            Row(name: "a byte every 2 s, past the grace", received: 6, elapsed: 12, tooSlow: true),
            Row(name: "keeping up", received: 2_048, elapsed: 12, tooSlow: false),
            Row(name: "falling behind later", received: 2_048, elapsed: 13, tooSlow: true),
            Row(name: "all of a small body at once", received: 8_000, elapsed: 11, tooSlow: false),
        ])
    func rows(_ row: Row) {
        #expect(
            ConnectionDeadlines.bodyTooSlow(
                received: row.received, since: 100, now: 100 + row.elapsed, grace: 10, minRate: 1_024)
                == row.tooSlow)
    }

    @Test("a rate of 0 turns the rule off")
    func off() {
        #expect(!ConnectionDeadlines.bodyTooSlow(received: 0, since: 0, now: 1_000, grace: 10, minRate: 0))
    }
}
