import Foundation
import TestSupport
import Testing

@testable import AppStoreSignedData

/// Bad input: never a crash, never an acceptance, always a code.
@Suite("Bad input")
struct BadInputTests {
    @Test(arguments: 0..<4)
    func randomMutationsOfASignedNotificationAreRejectedWithACode(_ seed: Int) throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let original = Array(try Fixtures.notification(ca: ca).utf8)
        var random = SplitMix64(state: UInt64(seed))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \"{}".utf8)
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            guard bytes != original else { continue }
            let mutated = String(decoding: bytes, as: UTF8.self)
            do {
                let accepted = try verifier.verifyNotification(mutated)
                // Only a change outside the signed bytes can pass (none exists: every byte is signed
                // or is the signature), so any acceptance is a failure.
                Issue.record("a mutated JWS was accepted: \(accepted.notificationUUID)")
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
    }

    @Test(arguments: [
        "", ".", "..", "...", "a.b.c", "e30.e30.e30", String(repeating: ".", count: 1000),
        "\u{0}\u{0}.\u{0}.\u{0}", "ey.ey.ey", "🙂.🙂.🙂",
    ])
    func garbageIsRejectedAsMalformed(_ input: String) throws {
        let verifier = Fixtures.verifier(trusting: [try Fixtures.authority()])
        #expect(Fixtures.failure { try verifier.verifyNotification(input) } != nil)
    }

    @Test func deeplyNestedHeadersAreRejectedWithoutRecursingWithoutBound() throws {
        let verifier = Fixtures.verifier(trusting: [try Fixtures.authority()])
        let header = "{\"alg\":\"ES256\",\"k\":" + String(repeating: "[", count: 100_000) + "}"
        let jws = Base64.encode(Array(header.utf8), alphabet: .url) + ".e30.AAAA"
        #expect(Fixtures.failure { try verifier.verifyNotification(jws) } == .malformedJWS)
    }
}
