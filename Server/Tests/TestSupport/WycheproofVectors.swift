import Foundation

/// Project Wycheproof's ECDSA P-256/SHA-256 vectors, committed under `Server/Tests/Vectors/wycheproof`
/// (see the README there): public keys with crafted signatures and the verdict each must get.
public enum WycheproofVectors {
    /// How the signatures of a file are encoded.
    public enum Encoding: String, Sendable, CaseIterable {
        /// Raw `R || S`, 64 bytes for a well-formed one: the JWS form.
        case p1363 = "ecdsa_secp256r1_sha256_p1363_test.json"
        /// DER `ECDSA-Sig-Value`.
        case der = "ecdsa_secp256r1_sha256_test.json"
    }

    public enum Verdict: String, Sendable, Decodable {
        case valid, invalid, acceptable
    }

    public struct Case: Sendable, CustomStringConvertible {
        public let id: Int
        public let comment: String
        public let message: [UInt8]
        public let signature: [UInt8]
        public let verdict: Verdict
        public var description: String { "tcId \(id) (\(comment))" }
    }

    public struct Group: Sendable {
        /// `SubjectPublicKeyInfo`, DER.
        public let publicKeyDER: [UInt8]
        public let publicKeyPEM: String
        public let cases: [Case]
    }

    public static let directory = Repository.path("Server/Tests/Vectors/wycheproof")

    /// Every group of a file; throws when the file is missing or not in Wycheproof's schema.
    public static func groups(_ encoding: Encoding) throws -> [Group] {
        let data = try Data(contentsOf: directory.appendingPathComponent(encoding.rawValue))
        let file = try JSONDecoder().decode(File.self, from: data)
        return try file.testGroups.map { group in
            Group(
                publicKeyDER: try hex(group.publicKeyDer), publicKeyPEM: group.publicKeyPem,
                cases: try group.tests.map { test in
                    Case(
                        id: test.tcId, comment: test.comment, message: try hex(test.msg), signature: try hex(test.sig),
                        verdict: test.result)
                })
        }
    }

    /// The number of cases the file says it holds.
    public static func declaredCount(_ encoding: Encoding) throws -> Int {
        let data = try Data(contentsOf: directory.appendingPathComponent(encoding.rawValue))
        return try JSONDecoder().decode(File.self, from: data).numberOfTests
    }

    private struct File: Decodable {
        let numberOfTests: Int
        let testGroups: [FileGroup]
    }

    private struct FileGroup: Decodable {
        let publicKeyDer: String
        let publicKeyPem: String
        let tests: [FileTest]
    }

    private struct FileTest: Decodable {
        let tcId: Int
        let comment: String
        let msg: String
        let sig: String
        let result: Verdict
    }

    struct BadHex: Error {}

    static func hex(_ text: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw BadHex() }
        func value(_ digit: UInt8) throws -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: throw BadHex()
            }
        }
        return try stride(from: 0, to: digits.count, by: 2).map { try value(digits[$0]) << 4 | value(digits[$0 + 1]) }
    }
}
