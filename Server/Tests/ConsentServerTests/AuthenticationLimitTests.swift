import Testing

@testable import ConsentServer

@Suite("Failed admin authentications are limited per client address")
struct AuthenticationLimitTests {
    let one: [UInt8] = [127, 0, 0, 2]
    let other: [UInt8] = [127, 0, 0, 3]

    @Test("ten failures are allowed, the eleventh attempt waits, and one more is allowed each second after")
    func burstThenRefill() {
        var limit = AuthenticationLimit(burst: 10, refill: 1)
        for second in 0..<10 {
            #expect(limit.retryAfter(one, now: 100) == nil, "attempt \(second)")
            limit.failed(one, now: 100)
        }
        #expect(limit.retryAfter(one, now: 100) == 1)
        #expect(limit.retryAfter(other, now: 100) == nil)
        #expect(limit.retryAfter(one, now: 101) == nil)
        limit.failed(one, now: 101)
        #expect(limit.retryAfter(one, now: 101) == 1)
        #expect(limit.retryAfter(one, now: 120) == nil)
    }

    @Test("the table is bounded: past its capacity the address with the fullest allowance goes first")
    func bounded() {
        var limit = AuthenticationLimit(burst: 2, refill: 1, capacity: 2)
        limit.failed(one, now: 0)
        limit.failed(one, now: 0)
        limit.failed(other, now: 5)
        limit.failed([127, 0, 0, 4], now: 5)
        // `one` had drained to nothing by then and was dropped; `other` is still counted.
        #expect(limit.retryAfter(one, now: 5) == nil)
        limit.failed(other, now: 5)
        #expect(limit.retryAfter(other, now: 5) != nil)
    }
}
