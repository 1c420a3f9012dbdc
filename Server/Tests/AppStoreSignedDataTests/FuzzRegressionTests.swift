import Foundation
import Testing

@testable import AppStoreSignedData

/// Inputs the fuzz targets found (Server/Tests/Fuzz/Regressions), checked here as unit tests too.
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    /// The JSON target's differential against JSONSerialization stopped on this number: ours
    /// keeps it as written; Foundation reads it as a decimal, whose double is not the nearest one.
    @Test("a long number is kept as written, and its double is the nearest one")
    func longNumbersAreKeptAsWritten() throws {
        let text = "14356478934.34356478934567"
        #expect(try JSONValue.parse(Array(text.utf8)) == .number(text))
    }

    /// The DER conversion took BER forms Wycheproof lists as invalid (tcId 8, 23, 84, 128):
    /// a long-form length, bytes after the sequence, leading zeros before r or s.
    @Test(
        "the DER conversion refuses every encoding but strict DER",
        arguments: [
            "30814502202ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18022100b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db",
            "304702202ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18022100b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db0000",
            "3047022200002ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18022100b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db",
            "304702202ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e180223000000b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db",
        ])
    func derConversionIsStrict(hex: String) {
        let bytes = Self.bytes(hex)
        #expect(ECDSASignature.raw(fromDER: bytes) == nil)
        // The same signature in strict DER converts.
        let strict = Self.bytes(
            "304502202ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18022100b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db"
        )
        #expect(ECDSASignature.raw(fromDER: strict)?.count == 64)
    }

    static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
    }
}
