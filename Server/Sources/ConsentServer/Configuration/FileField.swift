/// One value of the configuration file as written. A value of the wrong type is refused when the
/// loader reads it (``get()``), not while the file is decoded: the loader goes field by field, and
/// the first mistake it meets is the one reported, whatever else the file holds.
struct FileField<Value: FileFieldValue>: Decodable {
    /// Where the value is, as messages name it: `apps[0].forwarding.secret`.
    let path: String
    private let value: Value?

    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.fieldPath
        value = Value.read(try decoder.singleValueContainer())
    }

    func get() throws(ServerError) -> Value {
        guard let value else { throw ServerError.configuration(path, Value.expectation) }
        return value
    }
}

extension FileField where Value == Int {
    /// The number, refused outside `range`.
    func get(in range: ClosedRange<Int>) throws(ServerError) -> Int {
        let value = try get()
        guard range.contains(value) else {
            throw ServerError.configuration(path, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }
}

/// A type a field of the file may hold, and the refusal of a value of another.
protocol FileFieldValue: Decodable {
    static var expectation: String { get }
    static func read(_ value: any SingleValueDecodingContainer) -> Self?
}

extension FileFieldValue {
    static func read(_ value: any SingleValueDecodingContainer) -> Self? { try? value.decode(Self.self) }
}

extension String: FileFieldValue {
    static var expectation: String { "must be a string" }
}

extension Bool: FileFieldValue {
    static var expectation: String { "must be true or false" }
}

extension Int: FileFieldValue {
    static var expectation: String { "must be a whole number" }

    /// Read as a Double, as the file always was: `5.0` and `1e3` are whole numbers, 2^63 is not.
    static func read(_ value: any SingleValueDecodingContainer) -> Int? {
        // Too small for a Double (`1e-400`): zero, as the Double it used to round to.
        guard let double = try? value.decode(Double.self) else { return try? value.decode(Int.self) }
        return Int(exactly: double)
    }
}

/// What a list in the file may hold, and the refusal of a list of anything else.
protocol FileListElement: Decodable {
    static var listExpectation: String { get }
}

extension String: FileListElement {
    static var listExpectation: String { "must be a list of strings" }
}

extension Array: FileFieldValue where Element: FileListElement {
    static var expectation: String { Element.listExpectation }
}

extension [any CodingKey] {
    /// The path as messages write it: keys joined by dots, list positions in brackets.
    var fieldPath: String {
        reduce("") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
        }
    }
}
