import Foundation
import Testing

@testable import AppStoreSignedData

@Suite("Chain cache")
struct ChainCacheTests {
    @Test func aRepeatedChainIsAHitAndAFirstChainAMiss() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try ca.sign(Fixtures.transaction())
        _ = try verifier.verifyTransaction(jws)
        #expect(verifier.cacheStatistics == (hits: 0, misses: 1))
        _ = try verifier.verifyTransaction(jws)
        _ = try verifier.verifyTransaction(jws)
        #expect(verifier.cacheStatistics == (hits: 2, misses: 1))
    }

    @Test func aNotificationsNestedFieldsReuseItsChainWithinTheCall() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], cacheCapacity: 0)
        _ = try verifier.verifyNotification(Fixtures.notification(ca: ca))
        // Three JWS with one chain: verified once, even without a cache.
        #expect(verifier.cacheStatistics == (hits: 0, misses: 1))
    }

    @Test func aCachedChainIsStillCheckedAtEachPayloadsEffectiveTime() throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Fixtures.now - 10 * Fixtures.day, notAfter: Fixtures.now - Fixtures.day)
        let verifier = Fixtures.verifier(trusting: [ca])
        let inside = try ca.sign(Fixtures.transaction(signedDate: Fixtures.now - 5 * Fixtures.day))
        let after = try ca.sign(Fixtures.transaction(signedDate: Fixtures.now))
        _ = try verifier.verifyTransaction(inside)
        #expect(Fixtures.failure { try verifier.verifyTransaction(after) } == .certificateNotValidAtTime)
        #expect(verifier.cacheStatistics.hits == 1)
    }

    @Test func theCacheIsBoundedAndEvictsTheLeastRecentlyUsed() throws {
        let authorities = try (0..<3).map { _ in try Fixtures.authority() }
        let verifier = Fixtures.verifier(trusting: authorities, cacheCapacity: 2)
        let jws = try authorities.map { try $0.sign(Fixtures.transaction()) }
        _ = try verifier.verifyTransaction(jws[0])  // miss: [0]
        _ = try verifier.verifyTransaction(jws[1])  // miss: [0, 1]
        _ = try verifier.verifyTransaction(jws[0])  // hit: 1 is now the oldest
        _ = try verifier.verifyTransaction(jws[2])  // miss: evicts 1
        #expect(verifier.cache.count == 2)
        _ = try verifier.verifyTransaction(jws[0])  // hit
        _ = try verifier.verifyTransaction(jws[1])  // miss
        #expect(verifier.cacheStatistics == (hits: 2, misses: 4))
    }

    @Test func aFailedChainIsNeverCached() throws {
        let ca = try Fixtures.authority(leafOID: false)
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try ca.sign(Fixtures.transaction())
        #expect(Fixtures.failure { try verifier.verifyTransaction(jws) } == .missingAppleExtension)
        #expect(Fixtures.failure { try verifier.verifyTransaction(jws) } == .missingAppleExtension)
        #expect(verifier.cache.count == 0)
    }

    @Test func concurrentVerificationsShareOneCache() async throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try ca.sign(Fixtures.transaction())
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? verifier.verifyTransaction(jws)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
        let stats = verifier.cacheStatistics
        #expect(stats.hits + stats.misses == 16)
        #expect(verifier.cache.count == 1)
    }
}
