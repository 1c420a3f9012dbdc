import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ConsentServer

/// The LocalTesting admin token file: a script reads it the moment it appears, and more than
/// one process may look for it at once.
@Suite("Admin token file")
struct AdminTokenFileTests {
    static func configuration() throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = TestScratch.root.appendingPathComponent("agekit-token-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        return configuration
    }

    @Test("of creators at the same moment one writes the token and the others read it")
    func oneTokenForConcurrentCreators() throws {
        for _ in 0..<50 {
            let configuration = try Self.configuration()
            defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
            let tokens = Mutex<[String?]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let token = try? ServerRuntime.adminToken(configuration, environment: [:]).token
                tokens.withLock { $0.append(token) }
            }
            let found = tokens.withLock { $0 }
            #expect(found.count == 8 && !found.contains(nil))
            #expect(Set(found).count == 1)
            let path = configuration.adminTokenFile
            #expect(try String(contentsOfFile: path, encoding: .utf8) == (found.first! ?? "") + "\n")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            // Written under a temporary name, then linked: none is left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: configuration.dataDirectory) == ["admin-token"])
        }
    }

    @Test("a token too short to keep is replaced, and the new one is kept from then on")
    func shortTokenReplaced() throws {
        let configuration = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
        try Data("short\n".utf8).write(to: URL(fileURLWithPath: configuration.adminTokenFile))
        let (token, line) = try ServerRuntime.adminToken(configuration, environment: [:])
        #expect(token.count == 64 && line.contains("generated"))
        #expect(try ServerRuntime.adminToken(configuration, environment: [:]).token == token)
    }
}
