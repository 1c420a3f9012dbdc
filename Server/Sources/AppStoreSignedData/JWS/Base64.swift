/// Byte-level base64 for JWS: base64url without padding for the three parts, standard
/// base64 (padding optional) for the `x5c` certificates. No `String` work on the hot path.
package enum Base64 {
    package enum Alphabet {
        case url, standard
    }

    /// Set in a table entry for a byte outside the alphabet, above the 24 bits of a quantum.
    private static let invalidMark: UInt32 = 0x8000_0000

    /// For symbol k (0...3) of a quantum, entry `k * 256 + byte` holds the byte's six bits
    /// already shifted to their place in the quantum's 24-bit value, or `invalidMark`.
    private static let urlTable = table(extra62: UInt8(ascii: "-"), extra63: UInt8(ascii: "_"))
    private static let standardTable = table(extra62: UInt8(ascii: "+"), extra63: UInt8(ascii: "/"))

    private static func table(extra62: UInt8, extra63: UInt8) -> [UInt32] {
        var values = [UInt32](repeating: invalidMark, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            values[Int(byte)] = UInt32(index)
        }
        values[Int(extra62)] = 62
        values[Int(extra63)] = 63
        return (0..<4).flatMap { symbol in
            values.map { $0 == invalidMark ? invalidMark : $0 << UInt32(18 - 6 * symbol) }
        }
    }

    /// Decodes `input`; nil when a byte is outside the alphabet, the length is impossible,
    /// or the unused trailing bits are not zero (so every input has one decoding only).
    static func decode(_ input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet) -> [UInt8]? {
        var count = input.count
        if alphabet == .standard {
            // Padding is optional; when present it must complete the last quantum.
            var padding = 0
            while count > 0, input[count - 1] == UInt8(ascii: "="), padding < 2 {
                count -= 1
                padding += 1
            }
            if padding > 0, input.count % 4 != 0 { return nil }
        }
        if count % 4 == 1 { return nil }
        guard count > 0, let source = input.baseAddress else { return [] }
        let table = alphabet == .url ? urlTable : standardTable
        return table.withUnsafeBufferPointer { table -> [UInt8]? in
            let outputCount = count / 4 * 3 + (count % 4 == 0 ? 0 : count % 4 - 1)
            let lookup = table.baseAddress!
            @inline(__always) func quantum(_ at: Int) -> UInt32 {
                lookup[Int(source[at])] | lookup[256 + Int(source[at + 1])]
                    | lookup[512 + Int(source[at + 2])] | lookup[768 + Int(source[at + 3])]
            }
            var failed = false
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { buffer, initialized in
                let target = UnsafeMutableRawPointer(buffer.baseAddress!)
                var inIndex = 0
                var outIndex = 0
                // Two quanta, six bytes, stored as one 8-byte word while the buffer has room for it.
                while inIndex + 8 <= count, outIndex + 8 <= outputCount {
                    let first = quantum(inIndex)
                    let second = quantum(inIndex + 4)
                    if (first | second) & invalidMark != 0 {
                        failed = true
                        break
                    }
                    let word = UInt64(first) << 40 | UInt64(second) << 16
                    target.storeBytes(of: word.bigEndian, toByteOffset: outIndex, as: UInt64.self)
                    inIndex += 8
                    outIndex += 6
                }
                while !failed, inIndex + 4 <= count {
                    let word = quantum(inIndex)
                    if word & invalidMark != 0 {
                        failed = true
                        break
                    }
                    buffer[outIndex] = UInt8(truncatingIfNeeded: word >> 16)
                    buffer[outIndex + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    buffer[outIndex + 2] = UInt8(truncatingIfNeeded: word)
                    inIndex += 4
                    outIndex += 3
                }
                let rest = count - inIndex
                if !failed, rest > 0 {
                    // The last quantum's missing symbols count as zero bits; the bits the output
                    // drops must be zero.
                    let word =
                        lookup[Int(source[inIndex])] | lookup[256 + Int(source[inIndex + 1])]
                        | (rest == 3 ? lookup[512 + Int(source[inIndex + 2])] : 0)
                    let unused: UInt32 = rest == 2 ? 0xFFFF : 0xFF
                    if word & invalidMark != 0 || word & unused != 0 {
                        failed = true
                    } else {
                        buffer[outIndex] = UInt8(truncatingIfNeeded: word >> 16)
                        if rest == 3 { buffer[outIndex + 1] = UInt8(truncatingIfNeeded: word >> 8) }
                        outIndex += rest - 1
                    }
                }
                initialized = failed ? 0 : outIndex
            }
            return failed ? nil : output
        }
    }

    package static func decode(_ input: [UInt8], alphabet: Alphabet) -> [UInt8]? {
        input.withUnsafeBufferPointer { decode($0, alphabet: alphabet) }
    }

    package static func decode(_ input: ArraySlice<UInt8>, alphabet: Alphabet) -> [UInt8]? {
        input.withUnsafeBufferPointer { decode($0, alphabet: alphabet) }
    }

    /// Encodes `bytes`; base64url never pads, standard always does.
    package static func encode(_ bytes: [UInt8], alphabet: Alphabet) -> String {
        let symbols = Array(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\(alphabet == .url ? "-_" : "+/")".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(symbols[Int(word >> 18 & 63)])
            output.append(symbols[Int(word >> 12 & 63)])
            output.append(symbols[Int(word >> 6 & 63)])
            output.append(symbols[Int(word & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let word = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(symbols[Int(word >> 18 & 63)])
            output.append(symbols[Int(word >> 12 & 63)])
            if rest == 2 { output.append(symbols[Int(word >> 6 & 63)]) }
            if alphabet == .standard {
                output.append(contentsOf: Array(repeating: UInt8(ascii: "="), count: 3 - rest))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
