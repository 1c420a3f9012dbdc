import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AppStoreSignedData

/// The prepared-key path (fixed-base tables, the divsteps inverse, the Jacobian comparison)
/// against OpenSSL's one-shot `EVP_DigestVerify` on the same key, on random keys, messages and
/// signatures changed by every ``ES256Mutation``. Stops at the first disagreement and prints
/// the case. `AGEKIT_DIFFERENTIAL_CASES` sets the count (scripts/differential runs 10 million).
@Suite("ES256 differential: prepared path against EVP_DigestVerify")
struct ES256DifferentialTests {
    static let defaultCases = 100_000

    @Test("the prepared path decides like EVP_DigestVerify on every random and mutated case")
    func preparedPathAgreesWithOpenSSL() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["AGEKIT_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? Self.defaultCases
        let seed = environment["AGEKIT_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        let summary = ES256Differential.run(
            cases: cases, seed: seed, progress: environment["AGEKIT_DIFFERENTIAL_CASES"] != nil)
        print(summary)
        if let disagreement = summary.disagreement { print(disagreement) }
        #expect(summary.disagreement == nil, "\(summary.disagreement.map(String.init(describing:)) ?? "")")
        #expect(summary.checked == cases)
        #expect(summary.accepted > 0 && summary.accepted < cases)
        #expect(summary.mutationsSeen == ES256Mutation.allCases.count)
    }
}

/// Runs the differential cases on every core.
enum ES256Differential {
    struct Disagreement: Sendable, CustomStringConvertible {
        let keyPEM: String
        let message: [UInt8]
        let signature: [UInt8]
        let mutation: ES256Mutation
        let prepared: Bool
        let reference: Bool
        var description: String {
            """
            disagreement on \(mutation): prepared path \(prepared), EVP_DigestVerify \(reference)
            message   \(message.hex)
            signature \(signature.hex)
            \(keyPEM)
            """
        }
    }

    struct Summary: Sendable, CustomStringConvertible {
        var checked = 0
        var accepted = 0
        var mutationsSeen = 0
        var seconds = 0.0
        var seed: UInt64 = 0
        var disagreement: Disagreement?
        var description: String {
            let rate = seconds > 0 ? Int(Double(checked) / seconds) : 0
            return "ES256 differential: \(checked) cases (\(accepted) valid), \(disagreement == nil ? 0 : 1) "
                + "disagreements, \(String(format: "%.1f", seconds)) s, \(rate) cases/s, seed \(seed)"
        }
    }

    static let casesPerKey = 2_000
    static let variantsPerSignature = 8

    static func run(cases: Int, seed: UInt64, progress: Bool) -> Summary {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let started = ContinuousClock.now
        let stop = Atomic<Bool>(false)
        let done = Atomic<Int>(0)
        let results = Mutex<[Summary]>([])
        let seen = Mutex<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var generator = SplitMix64(state: seed &+ UInt64(worker) &* 0xD1B5_4A32_D192_ED03)
            var summary = Summary()
            var kinds = Set<Int>()
            let share = cases / workers + (worker < cases % workers ? 1 : 0)
            while summary.checked < share, !stop.load(ordering: .relaxed) {
                guard let key = OpenSSLKey.generateP256() else { continue }
                let verifier = ES256Verifier(key: key, precomputeAfter: 0, buildsInBackground: false)
                var keyCases = 0
                while keyCases < casesPerKey, summary.checked < share, !stop.load(ordering: .relaxed) {
                    let length = Int.random(in: 0...160, using: &generator)
                    let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    guard let der = key.signSHA256(message), let raw = ECDSASignature.raw(fromDER: der) else {
                        continue
                    }
                    for variant in 0..<variantsPerSignature where summary.checked < share {
                        let mutation =
                            variant == 0 ? .unchanged : ES256Mutation.allCases.randomElement(using: &generator)!
                        let (signature, signed) = mutation.apply(to: raw, message: message, using: &generator)
                        let prepared = verifier.verify(rawSignature: signature, digest: SHA256Digest.hash(signed))
                        let reference = key.verifySHA256(
                            derSignature: ECDSASignature.der(fromRaw: signature), message: signed)
                        summary.checked += 1
                        keyCases += 1
                        kinds.insert(ES256Mutation.allCases.firstIndex(of: mutation)!)
                        if prepared { summary.accepted += 1 }
                        if prepared != reference {
                            summary.disagreement = Disagreement(
                                keyPEM: key.privatePEM, message: signed, signature: signature, mutation: mutation,
                                prepared: prepared, reference: reference)
                            stop.store(true, ordering: .relaxed)
                            break
                        }
                    }
                    if progress,
                        done.add(variantsPerSignature, ordering: .relaxed).newValue % 1_000_000 < variantsPerSignature
                    {
                        print("  \(done.load(ordering: .relaxed)) cases checked")
                    }
                }
                if !verifier.usesTable { stop.store(true, ordering: .relaxed) }
            }
            let finished = summary
            results.withLock { $0.append(finished) }
            seen.withLock { $0.formUnion(kinds) }
        }
        var total = Summary()
        for part in results.withLock({ $0 }) {
            total.checked += part.checked
            total.accepted += part.accepted
            total.disagreement = total.disagreement ?? part.disagreement
        }
        total.mutationsSeen = seen.withLock { $0.count }
        let elapsed = (ContinuousClock.now - started).components
        total.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        total.seed = seed
        return total
    }
}

extension [UInt8] {
    fileprivate var hex: String { map { String(format: "%02x", $0) }.joined() }
}
