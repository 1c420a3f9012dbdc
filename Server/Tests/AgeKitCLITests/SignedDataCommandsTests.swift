import AgeKitCLI
import Foundation
import Synchronization
import TestSupport
import Testing

/// `agekit verify`, `simulate` and `bench verify` run in-process with a captured console.
@Suite("Signed-data commands")
struct SignedDataCommandsTests {
    final class Captured: Sendable {
        let out = Mutex("")
        let err = Mutex("")
        let input: [UInt8]?

        init(input: [UInt8]? = nil) { self.input = input }

        var console: Console {
            Console(
                out: { text in self.out.withLock { $0 += text + "\n" } },
                err: { text in self.err.withLock { $0 += text + "\n" } },
                readInput: { self.input })
        }
        var stdout: String { out.withLock { $0 } }
        var stderr: String { err.withLock { $0 } }
    }

    static func run(_ arguments: [String], input: [UInt8]? = nil) async -> (Int32, String, String) {
        let captured = Captured(input: input)
        let status = await AgeKitCLI.main(arguments, console: captured.console)
        return (status, captured.stdout, captured.stderr)
    }

    static func temporaryDirectory() -> String {
        let path = TestScratch.root.appendingPathComponent("agekit-cli-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aSimulatedRescindConsentVerifiesWithTheLocalCA() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ca = directory + "/ca"
        let (status, jws, _) = await Self.run([
            "simulate", "notification", "--type", "RESCIND_CONSENT", "--app-transaction-id", "705", "--ca-dir", ca,
        ])
        #expect(status == 0)
        let (verified, json, _) = await Self.run(
            ["verify", "--ca-dir", ca, "--bundle-id", "com.example.agekit", "--environment", "LocalTesting", "-"],
            input: Array(jws.utf8))
        #expect(verified == 0)
        #expect(json.contains("\"appTransactionId\" : \"705\""))
        #expect(json.contains("\"notificationType\" : \"RESCIND_CONSENT\""))
    }

    @Test func aWrongBundleIdExitsOneWithItsCodeOnStandardError() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ca = directory + "/ca"
        let (_, jws, _) = await Self.run(["simulate", "app-transaction", "--ca-dir", ca])
        let file = directory + "/app.jws"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(jws.utf8)))
        let (status, out, err) = await Self.run(["verify", "--ca-dir", ca, "--bundle-id", "com.example.other", file])
        #expect(status == 1)
        #expect(out.isEmpty)
        #expect(err.hasPrefix("wrong_bundle_id: "))
    }

    @Test(arguments: [
        ["verify"], ["verify", "--at", "yesterday", "x.jws"], ["verify", "--environment", "Staging", "x.jws"],
        ["verify", "--root", "a", "one.jws", "two.jws"], ["simulate"], ["simulate", "notification"],
        ["simulate", "notification", "--type", "NOT_A_TYPE"], ["bench"], ["bench", "verify"],
    ])
    func usageMistakesExitTwo(_ arguments: [String]) async {
        let (status, _, err) = await Self.run(arguments)
        #expect(status == 2)
        #expect(err.contains("usage:"))
    }

    @Test func verifyWithoutAnyTrustAnchorIsAUsageError() async {
        let (status, _, err) = await Self.run(["verify", "--ca-dir", "/nonexistent-agekit", "x.jws"])
        #expect(status == 2)
        #expect(err.contains("--root"))
    }

    @Test func everySignedDataCommandHasHelp() async {
        for command in ["verify", "simulate", "bench"] {
            let (status, out, _) = await Self.run([command, "--help"])
            #expect(status == 0)
            #expect(out.hasPrefix("Usage: agekit \(command)"))
        }
    }

    @Test func benchVerifyPrintsOneJSONObjectWithTheHeadlineRates() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ca = directory + "/ca"
        for (index, type) in ["SUBSCRIBED", "RESCIND_CONSENT"].enumerated() {
            let (_, jws, _) = await Self.run(["simulate", "notification", "--type", type, "--ca-dir", ca])
            #expect(FileManager.default.createFile(atPath: directory + "/n\(index).jws", contents: Data(jws.utf8)))
        }
        let (status, out, err) = await Self.run([
            "bench", "verify", "--vectors", directory, "--root", ca + "/root.pem", "--seconds", "0.05", "--json",
        ])
        #expect(status == 0, "\(err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect((object["cold_per_s"] as? Double ?? 0) > 0)
        #expect((object["warm_per_s"] as? Double ?? 0) > 0)
    }
}
