import TestSupport
import Testing

@testable import AppStoreServerAPI

/// The API key's ES256 check (the local stand-in of the App Store Server API verifies client
/// tokens with it) on Project Wycheproof's raw r‖s vectors.
@Suite("Wycheproof vectors on the API public key")
struct WycheproofAPIKeyTests {
    @Test("every raw r‖s case gets its verdict from APIPublicKey")
    func rawSignatures() throws {
        var wrong: [String] = []
        var checked = 0
        for group in try WycheproofVectors.groups(.p1363) {
            let key = try #require(APIPublicKey(pem: Array(group.publicKeyPEM.utf8)))
            for test in group.cases {
                let accepted = key.verifyES256(signature: test.signature, message: test.message)
                if accepted != (test.verdict == .valid) { wrong.append("\(test): accepted \(accepted)") }
                checked += 1
            }
        }
        #expect(checked == 262)
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
