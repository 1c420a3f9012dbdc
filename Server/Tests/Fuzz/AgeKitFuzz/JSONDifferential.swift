import Foundation

@testable import AppStoreSignedData

/// The strict JSON parser against Foundation's `JSONSerialization`.
///
/// - What ours accepts, Foundation accepts with the same value. The one exception is a number
///   beyond a double's range (`1e400`): ours keeps numbers as written, Foundation refuses them.
/// - What Foundation accepts and ours refuses is one of ours' stricter rules: a duplicate key,
///   nesting past 32, or one of Foundation's leniencies (a trailing comma, a byte order mark).
///   Foundation's value written back as JSON is then accepted by ours with the same value.
///   A refusal for depth must be of a value nested 32 deep or more.
///
/// Inputs with a NUL byte or a byte order mark are skipped: Foundation reads them as UTF-16
/// or UTF-32, ours reads UTF-8 only.
enum JSONDifferential {
    static func check(_ input: [UInt8]) {
        guard !input.contains(0), !input.starts(with: [0xEF, 0xBB, 0xBF]), !input.starts(with: [0xFE, 0xFF]),
            !input.starts(with: [0xFF, 0xFE])
        else { return }
        let ours = Result { () throws(VerificationError) -> JSONValue in try JSONValue.parse(input) }
        let theirs = try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
        switch (ours, theirs) {
        case (.success(let value), .some(let other)):
            guard same(value, other) else { FuzzFailure.fail("another value than Foundation's: \(value)", input) }
        case (.success(let value), .none):
            guard hasHugeNumber(value) else { FuzzFailure.fail("accepted what Foundation refuses: \(value)", input) }
        case (.failure(let failure), .some(let other)):
            let depth = depth(other)
            if failure.reason.hasPrefix("nesting") {
                guard depth >= 32 else { FuzzFailure.fail("refused as too deep a value \(depth) deep", input) }
                return
            }
            guard failure.reason.hasPrefix("duplicate") || lenient(input) else {
                FuzzFailure.fail("refused what Foundation accepts: \(failure.reason)", input)
            }
            guard depth < 32,
                let written = try? JSONSerialization.data(withJSONObject: other, options: [.fragmentsAllowed])
            else { return }
            guard let reread = try? JSONValue.parse(Array(written)), same(reread, other) else {
                FuzzFailure.fail("refused or misread Foundation's own writing of the value", Array(written))
            }
        case (.failure, .none): break
        }
    }

    /// Foundation takes `[1,]` and `{"a":1,}`: a comma before a closing bracket.
    static func lenient(_ input: [UInt8]) -> Bool {
        let meaningful = input.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return zip(meaningful, meaningful.dropFirst()).contains { pair in
            pair.0 == UInt8(ascii: ",") && (pair.1 == UInt8(ascii: "]") || pair.1 == UInt8(ascii: "}"))
        }
    }

    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .string(let text): return (theirs as? String).map { Array($0.utf8) == Array(text.utf8) } ?? false
        case .bool(let flag):
            guard let number = theirs as? NSNumber, isBoolean(number) else { return false }
            return number.boolValue == flag
        case .integer(let integer):
            guard let number = theirs as? NSNumber, !isBoolean(number) else { return false }
            if let decimal = number as? NSDecimalNumber { return decimal == NSDecimalNumber(string: String(integer)) }
            return number.int64Value == integer
        case .number(let text):
            guard let number = theirs as? NSNumber, !isBoolean(number), let double = Double(text) else { return false }
            // Foundation reads long numbers as decimals, whose double is not always the nearest
            // one (14356478934.34356478934567): compare them as decimals.
            if let decimal = number as? NSDecimalNumber { return decimal == NSDecimalNumber(string: text) }
            return number.doubleValue == double
        case .array(let items):
            guard let others = theirs as? [Any], others.count == items.count else { return false }
            return zip(items, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = theirs as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, value in others[key].map { same(value, $0) } ?? false }
        }
    }

    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func depth(_ value: Any) -> Int {
        if let items = value as? [Any] { return 1 + (items.map(depth).max() ?? 0) }
        if let members = value as? [String: Any] { return 1 + (members.values.map(depth).max() ?? 0) }
        return 0
    }

    static func hasHugeNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let text): return !(Double(text)?.isFinite ?? false)
        case .array(let items): return items.contains(where: hasHugeNumber)
        case .object(let members): return members.values.contains(where: hasHugeNumber)
        default: return false
        }
    }
}
