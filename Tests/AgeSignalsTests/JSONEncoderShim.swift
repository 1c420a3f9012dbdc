import Foundation

/// Foundation's JSON coders, kept to the tests: the module itself needs no Foundation.
enum JSONEncoderShim {
    static func encode<T: Encodable>(_ value: T) throws -> Data { try JSONEncoder().encode(value) }
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
