/// Byte-level base64 for JWS: base64url without padding for the three parts, standard
/// base64 (padding optional) for the `x5c` certificates. No `String` work on the hot path.
package enum Base64 {
    package enum Alphabet {
        case url, standard
    }

    private static let invalid: UInt8 = 0xFF

    private static let urlTable: [UInt8] = table(extra62: UInt8(ascii: "-"), extra63: UInt8(ascii: "_"))
    private static let standardTable: [UInt8] = table(extra62: UInt8(ascii: "+"), extra63: UInt8(ascii: "/"))

    private static func table(extra62: UInt8, extra63: UInt8) -> [UInt8] {
        var table = [UInt8](repeating: invalid, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        table[Int(extra62)] = 62
        table[Int(extra63)] = 63
        return table
    }

    /// Decodes `input`; nil when a byte is outside the alphabet, the length is impossible,
    /// or the unused trailing bits are not zero (so every input has one decoding only).
    package static func decode(_ input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet) -> [UInt8]? {
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
        let table = alphabet == .url ? urlTable : standardTable
        return table.withUnsafeBufferPointer { table -> [UInt8]? in
            let outputCount = count / 4 * 3 + (count % 4 == 0 ? 0 : count % 4 - 1)
            var failed = false
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { buffer, initialized in
                var inIndex = 0
                var outIndex = 0
                while inIndex + 4 <= count {
                    let a = table[Int(input[inIndex])]
                    let b = table[Int(input[inIndex + 1])]
                    let c = table[Int(input[inIndex + 2])]
                    let d = table[Int(input[inIndex + 3])]
                    if (a | b | c | d) & 0xC0 != 0 {
                        failed = true
                        break
                    }
                    let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[outIndex] = UInt8(truncatingIfNeeded: word >> 16)
                    buffer[outIndex + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    buffer[outIndex + 2] = UInt8(truncatingIfNeeded: word)
                    inIndex += 4
                    outIndex += 3
                }
                let rest = count - inIndex
                if !failed, rest > 0 {
                    let a = table[Int(input[inIndex])]
                    let b = table[Int(input[inIndex + 1])]
                    let c = rest == 3 ? table[Int(input[inIndex + 2])] : 0
                    if (a | b | c) & 0xC0 != 0 {
                        failed = true
                    } else if rest == 2 {
                        if b & 0x0F != 0 { failed = true }
                        buffer[outIndex] = a << 2 | b >> 4
                        outIndex += 1
                    } else {
                        if c & 0x03 != 0 { failed = true }
                        buffer[outIndex] = a << 2 | b >> 4
                        buffer[outIndex + 1] = b << 4 | c >> 2
                        outIndex += 2
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
