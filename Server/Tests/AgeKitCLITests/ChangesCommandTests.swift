import AgeKitCLI
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("agekit changes")
struct ChangesCommandTests {
    final class Captured: Sendable {
        let out = Mutex("")
        let err = Mutex("")
        var console: Console {
            Console(
                out: { text in self.out.withLock { $0 += text + "\n" } },
                err: { text in self.err.withLock { $0 += text + "\n" } })
        }
    }

    static let catalog = """
        {"appVersion": "1.10", "changes": [
          {"id": "messages", "introducedIn": "1.2", "introducedInBuild": "31", "description": "Adds direct messages between friends", "scope": ["messages"]},
          {"id": "calls", "introducedIn": "1.10", "introducedInBuild": "64", "description": "Adds video calling and location sharing", "scope": ["calls", "map"]}]}
        """

    static func file(_ text: String) throws -> String {
        let url = TestScratch.root.appendingPathComponent(
            "agekit-changes-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let captured = Captured()
        let code = await AgeKitCLI.main(["changes"] + arguments, console: captured.console)
        return (code, captured.out.withLock { $0 }, captured.err.withLock { $0 })
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("JSON has pending, acknowledged, blocked, route and an ordered timeline")
    func jsonKeys() async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "13to15-approved", "--region", "US-TX", "--original-version", "31",
            "--rating-codes", "0,0,4,5", "--guardian", "deny-then-approve", "--json",
        ])
        #expect(result.code == 0, "\(result.err)")
        let object = try Self.json(result.out)
        #expect(object["route"] as? String == "guardianQuestion")
        #expect(object["pending"] as? [String] == [])
        #expect(object["acknowledged"] as? [String] == ["messages", "calls", "age-rating-4-to-5"])
        #expect(object["blocked"] as? [String] == [])
        let timeline = try #require(object["timeline"] as? [[String: Any]])
        let names = timeline.compactMap { $0["name"] as? String }
        #expect(names.first == "evaluate")
        let denied = try #require(names.firstIndex(of: "guardianDenied"))
        let approved = try #require(names.firstIndex(of: "guardianApproved"))
        #expect(denied < approved)
        let times = timeline.compactMap { $0["at"] as? String }
        #expect(times == times.sorted())
    }

    @Test("a guardian who never answers leaves the change pending, expired and blocked")
    func neverAnswers() async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "under13-approved", "--region", "US-TX", "--original-version", "31",
            "--guardian", "never", "--json",
        ])
        let object = try Self.json(result.out)
        #expect(object["pending"] as? [String] == ["calls"])
        #expect(object["blocked"] as? [String] == ["calls", "map"])
        let requests = try #require(object["requests"] as? [[String: Any]])
        #expect(requests.first?["state"] as? String == "expired")
    }

    @Test("an adult is never sent a guardian question")
    func adultNeverAsked() async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "adult-confirmed-notification", "--json",
        ])
        let object = try Self.json(result.out)
        #expect(object["route"] as? String == "systemAcknowledgment")
        let timeline = try #require(object["timeline"] as? [[String: Any]])
        #expect(!timeline.contains { $0["name"] as? String == "askGuardian" })
        #expect(object["acknowledged"] as? [String] == ["messages", "calls"])
    }

    @Test(
        "platform fallbacks",
        arguments: [("macOS", "inAppNotice"), ("tvOS", "otherDevice"), ("iOS", "systemAcknowledgment")])
    func platforms(_ row: (String, String)) async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "adult-confirmed-notification", "--platform", row.0, "--json",
        ])
        #expect(try Self.json(result.out)["route"] as? String == row.1)
    }

    @Test("Mac Catalyst: a Texas 13-15 gets the guardian question on the app's PermissionButton, not another device")
    func catalystButton() async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "13to15-approved", "--region", "US-TX", "--platform", "macCatalyst",
            "--json",
        ])
        #expect(result.code == 0)
        #expect(try Self.json(result.out)["route"] as? String == "guardianButton")
    }

    @Test("text output names the route and the timeline")
    func textOutput() async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run(["--catalog", path, "--persona", "16to17-declined"])
        #expect(result.code == 0)
        #expect(result.out.contains("Route: guardianQuestion"))
        #expect(result.out.contains("guardianDenied"))
        #expect(result.out.contains("Blocked:      calls, map, messages"))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let catalog: String?
        let arguments: [String]
        let code: Int32
        let mentions: String
        var testDescription: String { name }
    }

    @Test(
        "bad input gets a message naming the item and a non-zero exit",
        arguments: [
            BadInput(
                name: "malformed catalog", catalog: "{\"changes\": [", arguments: [], code: 1,
                mentions: "malformed_catalog"),
            BadInput(
                name: "duplicate ids",
                catalog: #"""
                    {"changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calling"},
                                 {"id": "a", "introducedIn": "2", "description": "Adds location sharing"}]}
                    """#, arguments: [], code: 1, mentions: "'a'"),
            BadInput(
                name: "unparsable version",
                catalog: #"{"changes": [{"id": "a", "introducedIn": "one", "description": "Adds video calling"}]}"#,
                arguments: [], code: 1, mentions: "'one'"),
            BadInput(
                name: "a misspelt key in a change",
                catalog:
                    #"{"changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calling", "scop": ["x"]}]}"#,
                arguments: [], code: 1, mentions: #"changes[0] has an unknown key "scop""#),
            BadInput(
                name: "a misspelt top-level key",
                catalog:
                    #"{"apVersion": "2", "changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calling"}]}"#,
                arguments: [], code: 1, mentions: #"the catalog has an unknown key "apVersion""#),
            BadInput(
                name: "vague description",
                catalog: #"{"changes": [{"id": "a", "introducedIn": "1", "description": "Bug fixes"}]}"#, arguments: [],
                code: 1, mentions: "a guardian needs"),
            BadInput(
                name: "unknown persona", catalog: catalog, arguments: ["--persona", "kid"], code: 2, mentions: "'kid'"),
            BadInput(
                name: "bad answer", catalog: catalog, arguments: ["--answer", "maybe"], code: 2, mentions: "'maybe'"),
            BadInput(
                name: "bad guardian", catalog: catalog, arguments: ["--guardian", "maybe"], code: 2, mentions: "'maybe'"
            ),
            BadInput(
                name: "bad rating codes", catalog: catalog, arguments: ["--rating-codes", "4,x"], code: 2,
                mentions: "'x'"),
            BadInput(
                name: "unknown region", catalog: catalog, arguments: ["--region", "XX"], code: 2, mentions: "'XX'"),
            BadInput(
                name: "unknown platform", catalog: catalog, arguments: ["--platform", "android"], code: 2,
                mentions: "'android'"),
            BadInput(name: "missing catalog file", catalog: nil, arguments: [], code: 1, mentions: "cannot read"),
        ])
    func badInput(_ row: BadInput) async throws {
        let path = try row.catalog.map(Self.file) ?? "/nonexistent/agekit-catalog.json"
        var arguments = ["--catalog", path]
        if !row.arguments.contains("--persona") { arguments += ["--persona", "13to15-approved"] }
        let result = await Self.run(arguments + row.arguments)
        #expect(result.code == row.code)
        #expect(result.err.contains(row.mentions), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    struct VersionRow: Sendable, CustomTestStringConvertible {
        let platform: String
        let version: String
        let exempt: [String]
        let noted: Bool
        var testDescription: String { "\(platform) \(version)" }
    }

    @Test(
        "rule 1: originalAppVersion is a build number except on macOS; what cannot be compared exempts nothing",
        arguments: [
            VersionRow(platform: "iOS", version: "342", exempt: ["messages", "calls"], noted: false),
            VersionRow(platform: "iOS", version: "31", exempt: ["messages"], noted: false),
            VersionRow(platform: "iOS", version: "1.2", exempt: [], noted: false),
            VersionRow(platform: "macOS", version: "1.2", exempt: ["messages"], noted: false),
            VersionRow(platform: "macOS", version: "342", exempt: ["messages", "calls"], noted: false),
            VersionRow(platform: "iOS", version: "1.0", exempt: [], noted: true),
            VersionRow(platform: "visionOS", version: "1..2", exempt: [], noted: true),
        ])
    func buildNumbers(_ row: VersionRow) async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "13to15-approved", "--region", "US-TX", "--platform", row.platform,
            "--original-version", row.version, "--json",
        ])
        #expect(result.code == 0, "\(result.err)")
        let object = try Self.json(result.out)
        #expect(object["exempt"] as? [String] == row.exempt)
        #expect((object["exemptionNotes"] as? [String])?.isEmpty == !row.noted)
    }

    @Test("a change without introducedInBuild is never exempt on iOS, and the report says why")
    func missingBuild() async throws {
        let path = try Self.file(
            #"{"changes": [{"id": "a", "introducedIn": "1.0", "description": "Adds video calling to chats"}]}"#)
        let result = await Self.run([
            "--catalog", path, "--persona", "13to15-approved", "--region", "US-TX", "--original-version", "342",
            "--json",
        ])
        let object = try Self.json(result.out)
        #expect(object["exempt"] as? [String] == [])
        #expect((object["exemptionNotes"] as? [String])?.first?.contains("introducedInBuild") == true)
    }

    @Test(
        "a declined person and an unavailable answer follow the app's mode",
        arguments: [("declined", "declined"), ("unavailable", "unavailable"), ("shared", "minor")])
    func declinedAndUnavailable(answer: String, subject: String) async throws {
        let path = try Self.file(Self.catalog)
        let result = await Self.run([
            "--catalog", path, "--persona", "13to15-approved", "--answer", answer, "--json",
        ])
        let object = try Self.json(result.out)
        #expect(object["subject"] as? String == subject)
        #expect(object["route"] as? String == (subject == "minor" ? "guardianQuestion" : "blockWithRetry"))
    }

    @Test("--help describes every option")
    func help() async {
        let result = await Self.run(["--help"])
        for option in [
            "--catalog", "--persona", "--original-version", "--rating-codes", "--guardian", "--os", "--platform",
            "--region", "--json", "--answer",
        ] {
            #expect(result.out.contains(option))
        }
    }
}
