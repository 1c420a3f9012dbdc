import Testing

@testable import ConsentLedger

/// ``LedgerPlan``'s rows for revocations imported from Google Play's and Amazon's consoles.
@Suite("Store revocation plan")
struct StorePlanTests {
    func row(_ install: String = "GP-1", at time: Int64 = 1_000, timed: Bool = true) -> StoreRevocation {
        StoreRevocation(
            bundleId: "com.example.app", store: .googlePlay, installId: install, revokedAt: time, timed: timed)
    }

    @Test("the same row imported before changes nothing")
    func seenChangesNothing() {
        #expect(LedgerPlan.importing(row(), StoreRevocationContext(seen: true, linked: ["alice"])).isEmpty)
    }

    @Test("nobody linked: kept and parked")
    func parked() {
        #expect(
            LedgerPlan.importing(row(), StoreRevocationContext()) == [
                .keep(row(), applied: false), .appendEvent(.revocationParked, accountId: nil, about: row()),
            ])
    }

    @Test("linked accounts are frozen, one restored since is superseded")
    func frozenAndSuperseded() {
        let context = StoreRevocationContext(linked: ["alice", "bob"], restoredAt: ["bob": 2_000])
        #expect(
            LedgerPlan.importing(row(), context) == [
                .keep(row(), applied: true), .freeze(accountId: "alice", about: row()),
                .appendEvent(.consentRevoked, accountId: "alice", about: row()),
                .appendEvent(.revocationSuperseded, accountId: "bob", about: row()),
            ])
    }

    @Test("without a time: an install still revoked changes nothing; one answered since is revoked again")
    func untimed() {
        let untimed = row(at: 5_000, timed: false)
        let still = StoreRevocationContext(latestKept: 3_000, latestAnswer: 2_000, linked: ["alice"])
        #expect(LedgerPlan.importing(untimed, still).isEmpty)
        let answered = StoreRevocationContext(latestKept: 3_000, latestAnswer: 4_000, linked: ["alice"])
        #expect(LedgerPlan.importing(untimed, answered).contains(.freeze(accountId: "alice", about: untimed)))
    }

    @Test("a first link replays the kept rows, oldest first, under the restore rule")
    func replay() {
        let commands = LedgerPlan.replay([row(at: 1_000), row(at: 3_000)], onto: "carol", restoredAt: 2_000)
        #expect(
            commands == [
                .markApplied(row(at: 1_000)),
                .appendEvent(.revocationSuperseded, accountId: "carol", about: row(at: 1_000)),
                .markApplied(row(at: 3_000)), .freeze(accountId: "carol", about: row(at: 3_000)),
                .appendEvent(.consentRevoked, accountId: "carol", about: row(at: 3_000)),
            ])
    }
}
