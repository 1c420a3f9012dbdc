/// The ways the differential check changes a valid raw `R || S` signature or its message:
/// the edge values and encodings an ECDSA verifier is known to get wrong.
enum ES256Mutation: CaseIterable, Sendable {
    case unchanged, flippedBit, flippedMessageBit, randomSignature, swapped, highS
    case rZero, rOne, rOrderMinusOne, rOrder, rOrderPlusOne, rPrimeMinusOrder, rPrimeMinusOrderFlipped, rHighBit
    case sZero, sOne, sOrderMinusOne, sOrder, sOrderPlusOne, sPrimeMinusOrder, sHighBit

    static let order = hex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")
    static let orderMinusOne = hex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632550")
    static let orderPlusOne = hex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632552")
    /// p − n: the largest r for which x = r + n is still a field element.
    static let primeMinusOrder = hex("000000000000000000000000000000004319055358E8617B0C46353D039CDAAE")
    static let one = [UInt8](repeating: 0, count: 31) + [1]
    static let zero = [UInt8](repeating: 0, count: 32)

    /// The changed signature and message.
    func apply<G: RandomNumberGenerator>(
        to raw: [UInt8], message: [UInt8], using generator: inout G
    ) -> (raw: [UInt8], message: [UInt8]) {
        let r = Array(raw[..<32])
        let s = Array(raw[32...])
        var high = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        high[0] |= 0x80
        switch self {
        case .unchanged: return (raw, message)
        case .flippedBit:
            var changed = raw
            changed[Int.random(in: 0..<64, using: &generator)] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            return (changed, message)
        case .flippedMessageBit:
            var changed = message.isEmpty ? [0] : message
            changed[Int.random(in: 0..<changed.count, using: &generator)] ^=
                1 << UInt8.random(in: 0..<8, using: &generator)
            return (raw, changed)
        case .randomSignature: return ((0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }, message)
        case .swapped: return (s + r, message)
        case .highS: return (r + Self.subtract(Self.order, s), message)
        case .rZero: return (Self.zero + s, message)
        case .rOne: return (Self.one + s, message)
        case .rOrderMinusOne: return (Self.orderMinusOne + s, message)
        case .rOrder: return (Self.order + s, message)
        case .rOrderPlusOne: return (Self.orderPlusOne + s, message)
        case .rPrimeMinusOrder: return (Self.primeMinusOrder + s, message)
        case .rPrimeMinusOrderFlipped:
            var changed = Self.primeMinusOrder
            changed[31] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            return (changed + s, message)
        case .rHighBit: return (high + s, message)
        case .sZero: return (r + Self.zero, message)
        case .sOne: return (r + Self.one, message)
        case .sOrderMinusOne: return (r + Self.orderMinusOne, message)
        case .sOrder: return (r + Self.order, message)
        case .sOrderPlusOne: return (r + Self.orderPlusOne, message)
        case .sPrimeMinusOrder: return (r + Self.primeMinusOrder, message)
        case .sHighBit: return (r + high, message)
        }
    }

    /// a − b for 32-byte big-endian values with a ≥ b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            out[index] = UInt8(digit)
        }
        return out
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8).map { $0 <= UInt8(ascii: "9") ? $0 - 48 : $0 - 55 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
