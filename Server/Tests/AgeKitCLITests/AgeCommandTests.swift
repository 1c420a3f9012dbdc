import Foundation
import Synchronization
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// Runs `agekit ARGS` in-process with a captured console.
private func agekit(_ arguments: [String], input: String? = nil) async -> (code: Int32, out: String, err: String) {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
        out: { text in out.withLock { $0 += text + "\n" } }, err: { text in err.withLock { $0 += text + "\n" } },
        readInput: { input.map { Array($0.utf8) } })
    let code = await AgeKitCLI.main(arguments, console: console)
    return (code, out.withLock { $0 }, err.withLock { $0 })
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("agekit age")
struct AgeCommandTests {
    @Test("--json has the documented keys")
    func jsonKeys() async throws {
        let run = await agekit([
            "age", "--persona", "13to15-approved", "--region", "US-TX", "--os", "26.4", "--date", "2026-11-30",
            "--json",
        ])
        #expect(run.code == 0)
        let root = try json(run.out)
        let response = try #require(root["response"] as? [String: Any])
        #expect(response["kind"] as? String == "sharing")
        #expect(response["lowerBound"] as? Int == 13)
        #expect(response["upperBound"] as? Int == 15)
        #expect(response["declaration"] as? String == "guardianDeclared")
        #expect(response["error"] is NSNull)
        #expect(root["asksAtLaunch"] as? Bool == true)
        let policy = try #require(root["policy"] as? [String: Any])
        #expect(policy["state"] as? String == "known")
        #expect(policy["tier"] as? String == "13-15")
        let decisions = try #require(root["decisions"] as? [String: [String: Any]])
        #expect(Set(decisions.keys) == ["notes", "messages", "market", "payouts"])
        #expect(decisions["notes"]?["allowed"] as? Bool == true)
        #expect(decisions["messages"]?["reason"] as? String == "tooYoung")
    }

    @Test(
        "response kinds: sharing, declinedSharing, error",
        arguments: [
            (["--age", "30"], "sharing"), (["--age", "30", "--declines"], "declinedSharing"),
            (["--age", "30", "--os", "27.0", "--fault", "network"], "error"),
            (["--age", "30", "--os", "18.0"], "error"),
        ])
    func kinds(extra: [String], kind: String) async throws {
        let run = await agekit(["age", "--json", "--date", "2026-11-30"] + extra)
        #expect(run.code == 0)
        let response = try #require(try json(run.out)["response"] as? [String: Any])
        #expect(response["kind"] as? String == kind)
    }

    @Test("a payout needs a confirmed adult; communication limits block messages")
    func decisions() async throws {
        let run = await agekit(["age", "--age", "17", "--communication-limits", "--json", "--date", "2026-11-30"])
        let decisions = try #require(try json(run.out)["decisions"] as? [String: [String: Any]])
        #expect(decisions["messages"]?["reason"] as? String == "blockedByParentalControls")
        let adult = await agekit(["age", "--persona", "adult-self-declared", "--json"])
        let adultDecisions = try #require(try json(adult.out)["decisions"] as? [String: [String: Any]])
        #expect(adultDecisions["payouts"]?["reason"] as? String == "needsConfirmedAdult")
    }

    @Test("a profile from a file or standard input replaces the example")
    func profile() async throws {
        let profile = #"{"gates": [12, 15], "cadence": "every-12-months", "features": {"chat": {"minimumAge": 15}}}"#
        let run = await agekit(["age", "--age", "14", "--profile", "-", "--json"], input: profile)
        #expect(run.code == 0)
        let root = try json(run.out)
        #expect((root["policy"] as? [String: Any])?["tier"] as? String == "12-14")
        #expect((root["decisions"] as? [String: [String: Any]])?["chat"]?["reason"] as? String == "tooYoung")
    }

    @Test(
        "bad input: a clear message and a non-zero exit, never a crash",
        arguments: [
            (["--age", "20", "--gates", "13,14"], 2, "--gates"), (["--age", "20", "--gates", "-1"], 2, "--gates"),
            (["--age", "20", "--gates", "13,15,17,19"], 2, "--gates"),
            (["--persona", "nobody"], 2, "not a known persona"),
            (["--age", "20", "--region", "US-XX"], 2, "--region"),
            (["--age", "20", "--declaration", "retina"], 2, "declaration"),
            (["--age", "20", "--profile", "/nonexistent/profile.json"], 1, "unreadable_profile"),
            (["--age", "-3"], 2, "--age"), ([], 2, "--persona"), (["--age", "1", "--os", "x"], 2, "OS version"),
            (["--age", "1", "--platform", "android"], 2, "platform"), (["nonsense"], 2, "subcommand"),
            (["--age", "1", "--fault", "lookup:hang"], 2, "unknown call"),
            (["--age", "1", "--fault", "eligibility:slow"], 2, "unknown error"),
            (["--age", "1", "--last-asked", "2027-02-30"], 2, "--last-asked"),
            (["--age", "1", "--adult-answer", "maybe"], 2, "--adult-answer"),
            (["--age", "1", "--guardian", "maybe"], 2, "--guardian"),
        ] as [([String], Int32, String)])
    func badInput(extra: [String], code: Int32, message: String) async {
        let run = await agekit(["age"] + extra)
        #expect(run.code == code)
        #expect(run.err.contains(message))
        #expect(run.out.isEmpty)
    }

    @Test(
        "invalid profiles fail with exit 1",
        arguments: [
            "not json", "{}", #"{"gates":[13,14],"features":{}}"#,
            #"{"gates":[13],"features":{"a":{"minimumAge":-1}}}"#, #"{"gates":[13],"features":{"a":{"minAge":1}}}"#,
        ])
    func invalidProfiles(profile: String) async {
        let run = await agekit(["age", "--age", "20", "--profile", "-"], input: profile)
        #expect(run.code == 1)
        #expect(run.err.contains("invalid_profile"))
    }

    @Test(
        "rule 3 through the CLI: --fault CALL:FAULT; a hung eligibility call never cancels the authoritative check",
        arguments: [
            (["--fault", "eligibility:hang"], true, "required"),
            (["--fault", "eligibility:network"], true, "required"),
            (["--fault", "requiredFeatures:hang", "--fault", "eligibility:notAvailable"], true, "unknown"),
            (["--fault", "network"], true, "required"),
        ] as [([String], Bool, String)])
    func faults(extra: [String], asks: Bool, regulation: String) async throws {
        let run = await agekit(
            [
                "age", "--persona", "13to15-approved", "--region", "US-TX", "--os", "27.0", "--date", "2026-11-30",
                "--json",
            ]
                + extra)
        #expect(run.code == 0, "\(run.err)")
        let root = try json(run.out)
        #expect(root["asksAtLaunch"] as? Bool == asks)
        #expect(root["regulation"] as? String == regulation)
    }

    @Test("rule 4 through the CLI: the Mac never asks at launch, and a gated feature still asks on tap")
    func macOS() async throws {
        let root = try json(
            await agekit([
                "age", "--persona", "13to15-approved", "--region", "US-TX", "--platform", "macOS", "--os", "26.4",
                "--date", "2026-11-30", "--json",
            ]).out)
        #expect(root["asksAtLaunch"] as? Bool == false)
        #expect((root["policy"] as? [String: Any])?["askedAt"] as? String == "firstUse")
    }

    @Test(
        "rule 9: without Declared Age Range the next step is the app's own 18-or-older question, never askForAgeRange",
        arguments: [("visionOS", "26.4"), ("tvOS", "26.4"), ("watchOS", "27.0"), ("iOS", "18.0")])
    func adultQuestion(platform: String, os: String) async throws {
        let base = ["age", "--age", "30", "--platform", platform, "--os", os, "--date", "2026-11-30", "--json"]
        let before = try #require(try json(await agekit(base).out)["decisions"] as? [String: [String: Any]])
        #expect(before["market"]?["reason"] as? String == "needsAdultQuestion")
        #expect(before["market"]?["nextStep"] as? String == "askAdultQuestion")
        #expect(before.values.allSatisfy { $0["nextStep"] as? String != "askForAgeRange" })
        let root = try json(await agekit(base + ["--adult-answer", "yes"]).out)
        let policy = try #require(root["policy"] as? [String: Any])
        #expect(policy["source"] as? String == "selfDeclared")
        #expect(policy["askedAt"] as? String == "adultQuestion")
        #expect((root["decisions"] as? [String: [String: Any]])?["market"]?["allowed"] as? Bool == true)
    }

    @Test(
        "rule 10: communication limits show their permission request and its lifecycle",
        arguments: [
            ("approve", "approved"), ("deny", "denied"), ("deny-then-approve", "approved"), ("cancel", "cancelled"),
            ("never", "expired"), ("late", "expired"),
        ])
    func communicationRequest(guardian: String, state: String) async throws {
        let root = try json(
            await agekit([
                "age", "--age", "16", "--communication-limits", "--os", "27.0", "--date", "2026-11-30", "--guardian",
                guardian, "--json",
            ]).out)
        let requests = try #require(root["permissionRequests"] as? [[String: Any]])
        #expect(requests.count == 1)
        #expect(requests.first?["feature"] as? String == "messages")
        #expect(requests.first?["state"] as? String == state)
        let steps = try #require(requests.first?["steps"] as? [[String: Any]])
        #expect(steps.first?["state"] as? String == "asked")
    }

    @Test(
        "rule 12: an 18+ feature needs a confirmed adult in Australia, Brazil and Singapore",
        arguments: [
            ("AU", "needsConfirmedAdult"), ("BR", "needsConfirmedAdult"), ("SG", "needsConfirmedAdult"),
            ("default", "allowed"), ("US-TX", "allowed"),
        ])
    func confirmedAdultDownloads(region: String, reason: String) async throws {
        let base = ["age", "--os", "26.4", "--date", "2026-11-30", "--region", region, "--json"]
        let unconfirmed = try json(await agekit(base + ["--persona", "adult-self-declared"]).out)
        #expect((unconfirmed["decisions"] as? [String: [String: Any]])?["market"]?["reason"] as? String == reason)
        let confirmed = try json(await agekit(base + ["--persona", "adult-confirmed"]).out)
        #expect((confirmed["decisions"] as? [String: [String: Any]])?["market"]?["reason"] as? String == "allowed")
    }

    @Test("personas and regions list the catalogs")
    func catalogs() async throws {
        let personas = await agekit(["age", "personas"])
        #expect(personas.code == 0)
        #expect(personas.out.contains("adult-confirmed-notification"))
        let regions = await agekit(["age", "regions", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(regions.out.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? String }.contains("US-TX"))
    }
}
