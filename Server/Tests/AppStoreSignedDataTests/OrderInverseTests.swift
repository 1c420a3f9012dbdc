import CCrypto
import Testing

@testable import AppStoreSignedData

/// The P-256 order inverse must agree with OpenSSL's `BN_mod_inverse` on every input.
@Suite("Inverse modulo the P-256 order")
struct OrderInverseTests {
    static let orderHex = "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551"

    /// 32 big-endian bytes of a hex number.
    static func bytes(hex: String) -> [UInt8] {
        var value: OpaquePointer? = nil
        _ = BN_hex2bn(&value, hex)
        defer { BN_free(value) }
        var out = [UInt8](repeating: 0, count: 32)
        _ = BN_bn2binpad(value, &out, 32)
        return out
    }

    /// OpenSSL's answer, or nil when it has none (zero).
    static func openSSLInverse(_ input: [UInt8]) -> [UInt8]? {
        let a = BN_bin2bn(input, 32, nil)
        var order: OpaquePointer? = nil
        _ = BN_hex2bn(&order, orderHex)
        let context = BN_CTX_new()
        defer {
            BN_free(a)
            BN_free(order)
            BN_CTX_free(context)
        }
        guard let inverse = BN_mod_inverse(nil, a, order, context) else {
            ERR_clear_error()
            return nil
        }
        defer { BN_free(inverse) }
        var out = [UInt8](repeating: 0, count: 32)
        _ = BN_bn2binpad(inverse, &out, 32)
        return out
    }

    static func ours(_ input: [UInt8]) -> [UInt8]? {
        input.withUnsafeBytes { P256OrderInverse.inverse(ofBigEndian: $0) }
    }

    @Test("the order constant is P-256's")
    func orderConstant() {
        #expect(P256OrderInverse.order.bigEndianBytes == Self.bytes(hex: Self.orderHex))
        #expect(P256OrderInverse.order.l4 == 0)
    }

    @Test(
        "edge values: one, two, n-1, n-2, powers of two, long runs of zero bits",
        arguments: [
            "1", "2", "3", "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632550",
            "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC63254F",
            "8000000000000000000000000000000000000000000000000000000000000000", "10000000000000000",
            "100000000000000000000000000000000", "1000000000000000000000000000000000000000000000000",
            "FFFFFFFFFFFFFFFF", "FFFFFFFF00000000FFFFFFFFFFFFFFFF0000000000000000",
        ])
    func edges(hex: String) {
        let input = Self.bytes(hex: hex)
        #expect(Self.ours(input) == Self.openSSLInverse(input))
    }

    @Test("random values agree with BN_mod_inverse", arguments: 0..<4)
    func random(seed: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var input = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Also small numbers (leading zero bytes) and many trailing zero bits.
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: for index in 0..<Int.random(in: 1..<32, using: &generator) { input[index] = 0 }
            case 1: for index in Int.random(in: 1..<32, using: &generator)..<32 { input[index] = 0 }
            default: break
            }
            let expected = Self.openSSLInverse(input)
            let isBelowOrder = input.lexicographicallyPrecedes(Self.bytes(hex: Self.orderHex))
            let isZero = input.allSatisfy { $0 == 0 }
            if isZero || !isBelowOrder {
                #expect(Self.ours(input) == nil)
            } else {
                #expect(Self.ours(input) == expected, "\(input)")
            }
        }
    }

    @Test(
        "zero, n and anything above have no inverse here",
        arguments: [
            "0", orderHex, "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632552",
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        ])
    func refused(hex: String) {
        #expect(Self.ours(Self.bytes(hex: hex)) == nil)
    }
}
