/// An App Store payload model whose fields are listed once (``visitFields(_:)``). The fast
/// decoder reads them from a parsed ``JSONValue`` (several times cheaper than `Codable` on the
/// hot path) with the rules of `Codable`: unknown fields ignored, `null` same as absent, wrong
/// types rejected naming the field. `Codable` goes through the same list.
protocol PayloadDecodable {
    /// The value the fields are read into; every field of the list overwrites its part.
    init()
    /// Every field, once: its JSON key and its property, in declaration order.
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure)
    /// What the fields alone do not say, checked by the fast decoder once they are read.
    func check() throws(VerificationError)
}

extension PayloadDecodable {
    /// Parses and decodes a payload: a JSON object.
    static func decode(_ bytes: [UInt8]) throws(VerificationError) -> Self {
        try Self(fields: JSONFields(try JSONValue.parse(bytes), path: ""))
    }

    init(fields: JSONFields) throws(VerificationError) {
        self.init()
        var reader = FastFieldReader(fields: fields)
        try visitFields(&reader)
        try check()
    }

    func check() throws(VerificationError) {}

    /// `Decodable` through the field list.
    init(decodingFieldsFrom decoder: any Decoder) throws {
        self.init()
        var reader = DecodingFieldReader(container: try decoder.container(keyedBy: PayloadKey.self))
        try visitFields(&reader)
    }

    /// `Encodable` through the field list.
    func encodeFields(to encoder: any Encoder) throws {
        var writer = FieldWriter(container: encoder.container(keyedBy: PayloadKey.self))
        var copy = self
        try copy.visitFields(&writer)
    }
}

/// The members of one JSON object, read by name and type.
struct JSONFields {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(VerificationError) {
        guard case .object(let members) = value else {
            throw .malformedPayload("\(path.isEmpty ? "the payload" : path) is not an object")
        }
        self.members = members
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func member(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(VerificationError) -> String? {
        guard let value = member(key) else { return nil }
        guard case .string(let text) = value else { throw .malformedPayload("\(name(key)) is not a string") }
        return text
    }

    func int64(_ key: String) throws(VerificationError) -> Int64? {
        guard let value = member(key) else { return nil }
        guard case .integer(let number) = value else { throw .malformedPayload("\(name(key)) is not an integer") }
        return number
    }

    func int32(_ key: String) throws(VerificationError) -> Int32? {
        guard let number = try int64(key) else { return nil }
        guard let narrow = Int32(exactly: number) else { throw .malformedPayload("\(name(key)) is out of range") }
        return narrow
    }

    func bool(_ key: String) throws(VerificationError) -> Bool? {
        guard let value = member(key) else { return nil }
        guard case .bool(let flag) = value else { throw .malformedPayload("\(name(key)) is not a boolean") }
        return flag
    }

    func strings(_ key: String) throws(VerificationError) -> [String]? {
        guard let value = member(key) else { return nil }
        guard case .array(let items) = value else { throw .malformedPayload("\(name(key)) is not an array") }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { throw .malformedPayload("\(name(key)) holds a non-string") }
            result.append(text)
        }
        return result
    }

    func object(_ key: String) throws(VerificationError) -> JSONFields? {
        guard let value = member(key) else { return nil }
        return try JSONFields(value, path: name(key))
    }

    func value<T: OpenValue>(_ key: String, _ type: T.Type = T.self) throws(VerificationError) -> T?
    where T.RawValue == String {
        try string(key).map(T.init(rawValue:))
    }

    func value<T: OpenValue>(_ key: String, _ type: T.Type = T.self) throws(VerificationError) -> T?
    where T.RawValue == Int32 {
        try int32(key).map(T.init(rawValue:))
    }

    func required<T>(_ key: String, _ value: T?) throws(VerificationError) -> T {
        guard let value else { throw .malformedPayload("missing \(name(key))") }
        return value
    }
}
