import Testing

@testable import ConsentServer

@Suite("Per-address limit behind trusted proxies")
struct AddressSlotsTests {
    let a: [UInt8] = [17, 1, 2, 3]
    let b: [UInt8] = [203, 0, 113, 9]

    @Test("an address takes up to the limit; another address is not held back by it")
    func limitPerAddress() {
        let slots = AddressSlots(limit: 2)
        #expect(slots.take(a) && slots.take(a))
        #expect(!slots.take(a))
        #expect(!slots.hasRoom(a))
        #expect(slots.hasRoom(b) && slots.take(b))
        slots.give(a)
        #expect(slots.hasRoom(a) && slots.take(a))
    }

    @Test("a direct connection's slot is freed when it closes, once, and an unknown close frees nothing")
    func connectionsRelease() {
        let slots = AddressSlots(limit: 1)
        #expect(slots.take(a, connection: 7))
        #expect(!slots.take(a, connection: 8))
        slots.closed(8)  // refused: it held nothing
        #expect(!slots.hasRoom(a))
        slots.closed(7)
        slots.closed(7)
        #expect(slots.take(a) && !slots.take(a))
    }

    @Test("limit 0 takes everything")
    func unlimited() {
        let slots = AddressSlots(limit: 0)
        #expect((0..<1_000).allSatisfy { _ in slots.take(a) })
        #expect(slots.hasRoom(a))
    }
}
