import Foundation

/// The JSON object an admin endpoint takes, checked whole before anything acts on it: a
/// misspelt or unknown field, a field of the wrong type, a missing one or a repeated one is
/// refused with its own code and the field's name, so that nothing a caller sent is silently
/// ignored (`{"actr": "agent-7"}` would otherwise restore an account "by admin").
struct AdminBody {
    /// The fields an endpoint takes: all strings; an optional one may also be `null`.
    struct Shape {
        let required: [String]
        let optional: [String]
        /// The body as the answer shows it, e.g. `{"actor": optional, "reason": optional}`.
        let example: String
        /// The longest text each field may hold, in characters: Unicode code points, as JSON
        /// Schema's `maxLength` counts them, so that combining marks cannot hide past the bound
        /// inside one visible character (fields not named: no bound of their own beyond the
        /// body's size).
        var maxLengths: [String: Int] = [:]

        var known: [String] { required + optional }
    }

    private let fields: [String: Any]

    /// The body parsed and checked against `shape`.
    init(_ body: [UInt8], _ shape: Shape) throws(ServerError) {
        do {
            try StrictJSON.check(body)
        } catch {
            throw ServerError(error.code, "not valid JSON: \(error.reason); expected \(shape.example)")
        }
        guard let parsed = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw ServerError(.malformedBody, "the body must be a JSON object: \(shape.example)")
        }
        if let unknown = parsed.keys.sorted().first(where: { !shape.known.contains($0) }) {
            throw ServerError(
                .unexpectedField, "unknown field \"\(unknown)\" (known: \(shape.known.joined(separator: ", ")))")
        }
        for name in shape.required where parsed[name] == nil || parsed[name] is NSNull {
            throw ServerError(.missingField, "\"\(name)\" is required: \(shape.example)")
        }
        for (name, value) in parsed.sorted(by: { $0.key < $1.key }) where !(value is String) {
            if value is NSNull && shape.optional.contains(name) { continue }
            throw ServerError(.wrongFieldType, "\"\(name)\" must be a string, not \(Self.kind(of: value))")
        }
        for (name, limit) in shape.maxLengths.sorted(by: { $0.key < $1.key }) {
            if let text = parsed[name] as? String, text.unicodeScalars.count > limit {
                throw ServerError(
                    .fieldTooLong, "\"\(name)\" is \(text.unicodeScalars.count) characters long; at most \(limit)")
            }
        }
        fields = parsed
    }

    /// A field's text; nil when it is absent or `null`.
    subscript(_ name: String) -> String? { fields[name] as? String }

    /// How a JSON value reads in a message.
    private static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is [Any]: "a list"
        case is [String: Any]: "an object"
        case let number as NSNumber: String(cString: number.objCType) == "c" ? "true or false" : "a number"
        default: "another type"
        }
    }
}
