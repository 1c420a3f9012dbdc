import AgeKitCLI
import Foundation
import Synchronization
import TestSupport
import Testing

/// `agekit launch`: parsing, the JSON keys, and bad input.
@Suite("agekit launch")
struct LaunchCommandTests {
    final class Output: Sendable {
        let out = Mutex<[String]>([])
        let err = Mutex<[String]>([])
        var console: Console {
            Console(
                out: { line in self.out.withLock { $0.append(line) } },
                err: { line in self.err.withLock { $0.append(line) } })
        }
        var stdout: String { out.withLock { $0.joined(separator: "\n") } }
        var stderr: String { err.withLock { $0.joined(separator: "\n") } }
    }

    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let output = Output()
        let code = await AgeKitCLI.main(["launch"] + arguments, console: output.console)
        return (code, output.stdout, output.stderr)
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = await run(arguments + ["--json"])
        #expect(result.code == 0, "\(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    func ownerFile(_ json: String) throws -> String {
        let path = TestScratch.root.appendingPathComponent("owner-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("JSON for a child in Texas: under, steps in order, tracking never, guards off")
    func child() async throws {
        let report = try await json(["--persona", "under13-approved", "--region", "US-TX"])
        #expect(report["ageAnswer"] as? String == "under")
        #expect(report["message"] is NSNull)
        #expect(report["trackingPrompt"] as? String == "underThreshold")
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["step"] as? String } == [
                "content", "age", "consent", "tracking", "ads", "notifications", "location",
            ])
        #expect(steps.allSatisfy { $0["decision"] is String && $0["reason"] is String })
        let guards = try #require(report["guards"] as? [String: Bool])
        #expect(guards.count == 9)
        #expect(guards["ads"] == false && guards["chat"] == false)
    }

    @Test("JSON for an adult in the EEA: the consent form, then the tracking prompt")
    func adultEEA() async throws {
        let report = try await json(["--age", "30", "--region", "US-TX", "--consent-region", "EEA"])
        #expect(report["ageAnswer"] as? String == "over")
        #expect(report["trackingPrompt"] as? String == "shown")
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(steps.first { $0["step"] as? String == "consent" }?["decision"] as? String == "form answered")
        let guards = try #require(report["guards"] as? [String: Bool])
        #expect(guards.values.allSatisfy { $0 })
    }

    @Test("a decline on 26.1 with nothing saved shows the message; with 'over' saved it does not")
    func decline() async throws {
        let unsaved = try await json(["--age", "30", "--declines", "--os", "26.1"])
        #expect(unsaved["ageAnswer"] as? String == "under")
        #expect(unsaved["message"] as? String == "Age verification not possible")
        let saved = try await json(["--age", "30", "--declines", "--os", "26.1", "--saved", "over"])
        #expect(saved["ageAnswer"] as? String == "over")
        #expect(saved["message"] is NSNull)
    }

    @Test("an owner file turning protection off: over, not asked")
    func ownerFileProtectionOff() async throws {
        let path = try ownerFile(#"{"ageProtection": false}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try await json(["--age", "10", "--region", "US-TX", "--owner", path])
        #expect(report["ageAnswer"] as? String == "over")
        #expect(report["ageRule"] as? String == "protectionOff")
    }

    @Test("an owner file with an unknown key is a clear error, exit 1")
    func unknownOwnerKey() async throws {
        let path = try ownerFile(#"{"ageProtecton": false}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = await run(["--age", "10", "--owner", path])
        #expect(result.code == 1)
        #expect(result.err.contains("unknown_setting"))
        #expect(result.err.contains("ageProtecton"))
        #expect(result.out.isEmpty)
    }

    @Test(
        "usage mistakes exit 2 and name the option",
        arguments: [
            (["--age", "10", "--persona", "adult-confirmed"], "not both"),
            ([], "--persona"),
            (["--persona", "nobody"], "--persona"),
            (["--age", "-3"], "--age"),
            (["--age", "10", "--os", "twenty"], "--os"),
            (["--age", "10", "--region", "Atlantis"], "--region"),
            (["--age", "10", "--consent-region", "MARS"], "--consent-region"),
            (["--age", "10", "--saved", "maybe"], "--saved"),
            (["--age", "10", "--colour"], "--colour"),
        ])
    func usage(_ arguments: [String], _ mention: String) async {
        let result = await run(arguments)
        #expect(result.code == 2)
        #expect(result.err.contains(mention))
    }

    @Test("the text report lists the steps and the guard table")
    func text() async {
        let result = await run(["--persona", "adult-confirmed", "--region", "US-TX"])
        #expect(result.code == 0)
        #expect(result.out.contains("Steps:"))
        #expect(result.out.contains("Guards:"))
        #expect(result.out.contains("Tracking prompt: shown"))
    }

    @Test("launch is listed in the overview and has help")
    func help() async {
        let output = Output()
        #expect(await AgeKitCLI.main(["--help"], console: output.console) == 0)
        #expect(output.stdout.contains("launch"))
        let result = await run(["--help"])
        #expect(result.code == 0 && result.out.contains("--consent-region"))
    }

    @Test(
        "rule 5 through the CLI: Alabama's 12 months to the day keep the saved answer between requests",
        arguments: [
            ("2027-03-01", "cadenceNotDue"), ("2028-01-30", "cadenceNotDue"), ("2028-01-31", "sharedBelowThreshold"),
        ])
    func alabamaCadence(date: String, rule: String) async throws {
        let root = try await json([
            "--persona", "13to15-approved", "--region", "US-AL", "--date", date, "--last-asked", "2027-01-31",
            "--saved", "under",
        ])
        #expect(root["ageRule"] as? String == rule)
        let actions = try #require(root["actions"] as? [String])
        #expect(actions.contains { $0.hasPrefix("requestAgeRange") } == (rule != "cadenceNotDue"))
    }

    @Test("--consent-date shows the 13-month re-consent", arguments: [("2025-10-29", true), ("2026-01-15", false)])
    func reconsent(consentDate: String, asked: Bool) async throws {
        let root = try await json([
            "--age", "30", "--region", "US-TX", "--consent-region", "EEA", "--date", "2026-11-30", "--consent-date",
            consentDate,
        ])
        let actions = try #require(root["actions"] as? [String])
        #expect(actions.contains("showConsentForm") == asked)
    }

    @Test("bad days are usage errors", arguments: ["--date", "--last-asked", "--consent-date"])
    func badDays(option: String) async {
        let result = await run(["--age", "30", option, "2026-13-01"])
        #expect(result.code == 2)
        #expect(result.err.contains(option))
    }
}
