import Foundation
import TestSupport
import Testing

@testable import AppStoreSignedData

/// The real Apple-signed vectors kept next to the package (`<package>/../shared/vectors/apple-real`).
/// Absent in a user's clone: the tests that need them are then skipped, saying so.
enum AppleVectors {
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        var file: String
        var kind: String
        var notificationType: String?
        var subtype: String?
        var environment: String?
        var bundleId: String?
        var signedDate: Int64

        var testDescription: String { file }
    }

    static let directory = AppleVectorFiles.directory

    static let available = directory != nil
    static let skipMessage: Comment =
        "the real Apple vectors (../shared/vectors/apple-real next to the package) are absent"

    static let entries: [Entry] = {
        guard let directory, let data = try? Data(contentsOf: directory.appendingPathComponent("index.json")) else {
            return []
        }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }()

    static func entries(kind: String) -> [Entry] { entries.filter { $0.kind == kind } }

    static func jws(_ entry: Entry) throws -> String {
        let url = try #require(directory).appendingPathComponent(entry.file)
        return try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func appleRoot() throws -> TrustAnchor {
        let url = try #require(directory).appendingPathComponent("AppleRootCA-G3.cer")
        return try TrustAnchor(derOrPEM: [UInt8](Data(contentsOf: url)))
    }

    static func verifier(cacheCapacity: Int = 64) throws -> SignedDataVerifier {
        SignedDataVerifier(anchors: [try appleRoot()], cacheCapacity: cacheCapacity)
    }
}
