import Testing

@testable import ConsentServer

@Suite("Refusal sampling in the request log")
struct RefusalSamplingTests {
    let forged = RefusalSampling.Kind(route: "/v2/notifications", status: 401, code: "untrusted_chain")
    let malformed = RefusalSampling.Kind(route: "/v2/notifications", status: 400, code: "malformed_body")

    @Test("past the limit a second, refusals of one kind are counted, and the count comes out once the second ends")
    func limitPerKind() {
        var sampling = RefusalSampling(perSecond: 3)
        let written = (0..<10).map { _ in sampling.admit(forged, at: 100).write }
        #expect(written == [true, true, true] + Array(repeating: false, count: 7))
        #expect(sampling.admit(malformed, at: 100) == (true, []), "another kind has a limit of its own")
        #expect(sampling.isHolding)
        let (write, ended) = sampling.admit(forged, at: 101)
        #expect(write, "a new second starts a new limit")
        #expect(ended == [.init(kind: forged, second: 100, count: 7)])
        #expect(!sampling.isHolding)
        #expect(sampling.roll(to: 101) == [], "nothing is counted twice")
    }

    @Test("a second that ends with no later refusal is closed by rolling, and stopping closes the last")
    func rolling() {
        var sampling = RefusalSampling(perSecond: 1)
        for _ in 0..<5 { _ = sampling.admit(forged, at: 7) }
        for _ in 0..<3 { _ = sampling.admit(malformed, at: 7) }
        #expect(sampling.roll(to: 7) == [], "the second has not ended")
        #expect(
            sampling.roll(to: 9) == [
                .init(kind: malformed, second: 7, count: 2), .init(kind: forged, second: 7, count: 4),
            ])
        for _ in 0..<4 { _ = sampling.admit(forged, at: 9) }
        #expect(sampling.roll(to: .max) == [.init(kind: forged, second: 9, count: 3)])
    }

    @Test("0 writes every refusal and counts none")
    func unlimited() {
        var sampling = RefusalSampling(perSecond: 0)
        #expect((0..<1_000).allSatisfy { _ in sampling.admit(forged, at: 1).write })
        #expect(!sampling.isHolding)
        #expect(sampling.roll(to: .max) == [])
    }
}
