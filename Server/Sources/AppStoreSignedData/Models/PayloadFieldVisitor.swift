/// What is done with each field of a payload model. A model lists its fields once, in
/// ``PayloadDecodable/visitFields(_:)``, with their JSON keys and in declaration order; the
/// fast decoder, `Decodable` and `Encodable` are three visitors of that one list.
///
/// Each visitor is a concrete type, so the list is specialized for each: the fast decoder
/// stores straight into the properties, as hand-written decoding code would.
protocol PayloadFieldVisitor {
    associatedtype Failure: Error
    mutating func string(_ key: String, _ value: inout String?) throws(Failure)
    mutating func int64(_ key: String, _ value: inout Int64?) throws(Failure)
    mutating func int32(_ key: String, _ value: inout Int32?) throws(Failure)
    mutating func bool(_ key: String, _ value: inout Bool?) throws(Failure)
    mutating func strings(_ key: String, _ value: inout [String]?) throws(Failure)
    /// An open value written as a string: an unknown one is kept.
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws(Failure) where T.RawValue == String
    /// An open value written as an integer: an unknown one is kept.
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws(Failure) where T.RawValue == Int32
    /// A nested object, itself a payload model.
    mutating func section<T: PayloadDecodable & Codable>(_ key: String, _ value: inout T?) throws(Failure)
    mutating func required(_ key: String, _ value: inout String) throws(Failure)
    mutating func required(_ key: String, _ value: inout Int64) throws(Failure)
    mutating func required<T: OpenValue>(_ key: String, _ value: inout T) throws(Failure) where T.RawValue == String
    /// Written, never read: a nested signed field the verifier decoded, never taken from the payload.
    mutating func verified<T: Codable>(_ key: String, _ value: inout T?) throws(Failure)
}

/// The hot path: reads each field from the parsed members.
struct FastFieldReader: PayloadFieldVisitor {
    let fields: JSONFields

    mutating func string(_ key: String, _ value: inout String?) throws(VerificationError) {
        value = try fields.string(key)
    }
    mutating func int64(_ key: String, _ value: inout Int64?) throws(VerificationError) {
        value = try fields.int64(key)
    }
    mutating func int32(_ key: String, _ value: inout Int32?) throws(VerificationError) {
        value = try fields.int32(key)
    }
    mutating func bool(_ key: String, _ value: inout Bool?) throws(VerificationError) {
        value = try fields.bool(key)
    }
    mutating func strings(_ key: String, _ value: inout [String]?) throws(VerificationError) {
        value = try fields.strings(key)
    }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws(VerificationError)
    where T.RawValue == String {
        value = try fields.value(key, T.self)
    }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws(VerificationError)
    where T.RawValue == Int32 {
        value = try fields.value(key, T.self)
    }
    mutating func section<T: PayloadDecodable & Codable>(_ key: String, _ value: inout T?) throws(VerificationError) {
        value = try fields.object(key).map(T.init(fields:))
    }
    mutating func required(_ key: String, _ value: inout String) throws(VerificationError) {
        value = try fields.required(key, fields.string(key))
    }
    mutating func required(_ key: String, _ value: inout Int64) throws(VerificationError) {
        value = try fields.required(key, fields.int64(key))
    }
    mutating func required<T: OpenValue>(_ key: String, _ value: inout T) throws(VerificationError)
    where T.RawValue == String {
        value = try fields.required(key, fields.value(key, T.self))
    }
    mutating func verified<T: Codable>(_ key: String, _ value: inout T?) throws(VerificationError) {}
}

/// A JSON key of a payload model's field list.
struct PayloadKey: CodingKey {
    let stringValue: String
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// `Decodable`, as the synthesized conformance would: `decodeIfPresent` for optionals.
struct DecodingFieldReader: PayloadFieldVisitor {
    let container: KeyedDecodingContainer<PayloadKey>

    private func optional<T: Decodable>(_ key: String, _ value: inout T?) throws {
        value = try container.decodeIfPresent(T.self, forKey: PayloadKey(key))
    }
    private func present<T: Decodable>(_ key: String, _ value: inout T) throws {
        value = try container.decode(T.self, forKey: PayloadKey(key))
    }

    mutating func string(_ key: String, _ value: inout String?) throws { try optional(key, &value) }
    mutating func int64(_ key: String, _ value: inout Int64?) throws { try optional(key, &value) }
    mutating func int32(_ key: String, _ value: inout Int32?) throws { try optional(key, &value) }
    mutating func bool(_ key: String, _ value: inout Bool?) throws { try optional(key, &value) }
    mutating func strings(_ key: String, _ value: inout [String]?) throws { try optional(key, &value) }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws where T.RawValue == String {
        try optional(key, &value)
    }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws where T.RawValue == Int32 {
        try optional(key, &value)
    }
    mutating func section<T: PayloadDecodable & Codable>(_ key: String, _ value: inout T?) throws {
        try optional(key, &value)
    }
    mutating func required(_ key: String, _ value: inout String) throws { try present(key, &value) }
    mutating func required(_ key: String, _ value: inout Int64) throws { try present(key, &value) }
    mutating func required<T: OpenValue>(_ key: String, _ value: inout T) throws where T.RawValue == String {
        try present(key, &value)
    }
    mutating func verified<T: Codable>(_ key: String, _ value: inout T?) throws {}
}

/// `Encodable`, as the synthesized conformance would: nil optionals left out.
struct FieldWriter: PayloadFieldVisitor {
    var container: KeyedEncodingContainer<PayloadKey>

    private mutating func optional<T: Encodable>(_ key: String, _ value: T?) throws {
        try container.encodeIfPresent(value, forKey: PayloadKey(key))
    }
    private mutating func present<T: Encodable>(_ key: String, _ value: T) throws {
        try container.encode(value, forKey: PayloadKey(key))
    }

    mutating func string(_ key: String, _ value: inout String?) throws { try optional(key, value) }
    mutating func int64(_ key: String, _ value: inout Int64?) throws { try optional(key, value) }
    mutating func int32(_ key: String, _ value: inout Int32?) throws { try optional(key, value) }
    mutating func bool(_ key: String, _ value: inout Bool?) throws { try optional(key, value) }
    mutating func strings(_ key: String, _ value: inout [String]?) throws { try optional(key, value) }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws where T.RawValue == String {
        try optional(key, value)
    }
    mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) throws where T.RawValue == Int32 {
        try optional(key, value)
    }
    mutating func section<T: PayloadDecodable & Codable>(_ key: String, _ value: inout T?) throws {
        try optional(key, value)
    }
    mutating func required(_ key: String, _ value: inout String) throws { try present(key, value) }
    mutating func required(_ key: String, _ value: inout Int64) throws { try present(key, value) }
    mutating func required<T: OpenValue>(_ key: String, _ value: inout T) throws where T.RawValue == String {
        try present(key, value)
    }
    mutating func verified<T: Codable>(_ key: String, _ value: inout T?) throws { try optional(key, value) }
}
