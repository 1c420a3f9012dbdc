import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// The rules checked the way a user meets them: through the commands.
@Suite("scenario rules through the CLI")
struct ScenarioRulesTests {
    static func agekit(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = Mutex("")
        let err = Mutex("")
        let console = Console(
            out: { text in out.withLock { $0 += text + "\n" } }, err: { text in err.withLock { $0 += text + "\n" } })
        let code = await AgeKitCLI.main(arguments, console: console)
        return (code, out.withLock { $0 }, err.withLock { $0 })
    }

    static func json(_ arguments: [String]) async throws -> [String: Any] {
        let run = await agekit(arguments + ["--json"])
        #expect(run.code == 0, "\(run.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    static func jsonArray(_ arguments: [String]) async throws -> [[String: Any]] {
        let run = await agekit(arguments + ["--json"])
        #expect(run.code == 0, "\(run.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
    }

    static let alabama = [
        "--persona", "adult-self-declared", "--region", "US-AL", "--date", "2027-03-01", "--last-asked", "2027-01-05",
    ]

    @Test("rule: one cadence rule for the whole library (Alabama, asked two months ago)")
    func oneCadenceRule() async throws {
        let age = try await Self.json(["age"] + Self.alabama)
        let launch = try await Self.json(["launch"] + Self.alabama)
        #expect(launch["ageRule"] as? String == "cadenceNotDue")
        #expect(age["asksAtLaunch"] as? Bool == false)
        // A tap on a gated feature is not a special circumstance: the first use does not ask.
        let policy = try #require(age["policy"] as? [String: Any])
        #expect(policy["askedAt"] as? String == "never")
    }

    @Test("rule: Utah and Louisiana as seed 003 states them")
    func utahAndLouisiana() async throws {
        let regions = try await Self.jsonArray(["age", "regions"])
        func region(_ id: String) -> [String: Any]? { regions.first { $0["id"] as? String == id } }
        for id in ["US-UT", "US-LA"] {
            let features = region(id)?["regulatoryFeatures"] as? [String: [String]]
            #expect(features?["adult"]?.contains("significantAppChangeRequiresAdultNotification") == true, "\(id)")
        }
        for id in ["BR", "AU", "SG"] {
            #expect(region(id)?["inEffectFrom"] as? String == "2026-02-24", "\(id)")
        }
        // An account created after Apple's Utah rollout (2026-05-06) is new when the law applies.
        let utah = try await Self.json([
            "age", "--persona", "adult-confirmed", "--region", "US-UT", "--date", "2027-06-01", "--account-created",
            "2026-06-01",
        ])
        #expect(utah["regulation"] as? String == "required")
        let brazilEarly = try await Self.json(["age", "--age", "30", "--region", "BR", "--date", "2026-02-01"])
        #expect(brazilEarly["regulation"] as? String == "notRequired")
    }

    @Test("rule: adults have no communication-limits request")
    func adultsHaveNoCommunicationRequest() async throws {
        let age = try await Self.json(["age", "--age", "30", "--communication-limits", "--date", "2026-11-30"])
        #expect((age["permissionRequests"] as? [Any])?.isEmpty == true)
        let decisions = try #require(age["decisions"] as? [String: [String: Any]])
        #expect(decisions.values.allSatisfy { $0["nextStep"] as? String != "requestGuardianPermission" })
    }

    @Test(
        "rule: a guardian-checked declaration never confirms an adult",
        arguments: ["26.4", "26.5"])
    func guardianCheckedNeverConfirmsAnAdult(os: String) async throws {
        let age = try await Self.json([
            "age", "--age", "30", "--region", "BR", "--declaration", "guardianPaymentChecked", "--os", os, "--date",
            "2026-11-30",
        ])
        let decisions = try #require(age["decisions"] as? [String: [String: Any]])
        #expect(decisions["payouts"]?["allowed"] as? Bool == false)
        let own = try await Self.json([
            "age", "--age", "30", "--region", "BR", "--declaration", "paymentChecked", "--os", os, "--date",
            "2026-11-30",
        ])
        let ownDecisions = try #require(own["decisions"] as? [String: [String: Any]])
        #expect(ownDecisions["payouts"]?["allowed"] as? Bool == true)
    }

    @Test("rule: reasons that are true")
    func reasonsThatAreTrue() async throws {
        // California before its law: the system said not required, and the reason says so.
        let california = await Self.agekit([
            "launch", "--persona", "adult-self-declared", "--region", "US-CA", "--date", "2026-11-30",
        ])
        #expect(!california.out.contains("could not say"), "\(california.out)")
        // visionOS infers the features: the route's reason must not claim the region requires them.
        let catalog = Repository.path("docs/examples/changes.json").path
        let vision = await Self.agekit([
            "changes", "--catalog", catalog, "--persona", "13to15-approved", "--platform", "visionOS",
        ])
        let route = try #require(vision.out.split(separator: "\n").first { $0.hasPrefix("Route:") })
        #expect(!route.contains("region requires"), "\(route)")
        #expect(route.contains("inferred"), "\(route)")
        // A sandbox persona's features in the unregulated region are said to be the sandbox's.
        let persona = await Self.agekit(["age", "--persona", "13to15-approved", "--date", "2026-11-30"])
        let signals = try #require(persona.out.split(separator: "\n").first { $0.hasPrefix("Signals") })
        #expect(signals.contains("sandbox"), "\(signals)")
    }

    @Test("rule: sources cited as they are (the seeds report false eligibility, not hangs)")
    func sourcesCitedAsTheyAre() throws {
        let docs = Repository.path("docs")
        for guide in ["age-gating.md", "privacy-launch.md"] {
            let text = try String(contentsOf: docs.appendingPathComponent(guide), encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
            #expect(!text.contains("seeds report eligibility calls that hang"), "\(guide)")
            #expect(!text.contains("seed 000 and the reports of eligibility calls that hang"), "\(guide)")
            #expect(text.contains("returning false in production"), "\(guide)")
        }
    }

    @Test("a persona name that misleads is explained in 'agekit age personas'")
    func personaNamesExplained() async throws {
        let personas = try await Self.jsonArray(["age", "personas"])
        let declined = try #require(personas.first { $0["name"] as? String == "16to17-declined" })
        let note = try #require(declined["note"] as? String)
        #expect(note.contains("guardian") && note.contains("shares"), "\(note)")
        let text = await Self.agekit(["age", "personas"])
        #expect(text.out.contains("note: 'declined' is the guardian's answer"))
        // The same person through the commands: the range is shared, never declined.
        let age = try await Self.json(["age", "--persona", "16to17-declined"])
        #expect((age["response"] as? [String: Any])?["kind"] as? String == "sharing")
    }

    @Test("an option the scenario cannot honour is said, in every command", arguments: ["age", "launch", "changes"])
    func notHonouredIsSaid(command: String) async throws {
        let catalog = Repository.path("docs/examples/changes.json").path
        let extra = command == "changes" ? ["--catalog", catalog] : []
        let run = await Self.agekit([command, "--age", "14", "--region", "US-TX", "--declines"] + extra)
        #expect(run.code == 0, "\(run.err)")
        let first = run.out.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("not honoured: --declines: Texas does not let the person decline"), "\(first)")
        #expect(first.contains("defaults: date 2026-11-30"), "\(first)")
    }

    @Test(
        "every command honours --fault, a hang given up at its deadline",
        arguments: ["age", "launch", "changes"].flatMap { command in
            ["request:hang", "requiredFeatures:hang", "request:notAvailable"].map { (command, $0) }
        })
    func faultsHonoured(command: String, fault: String) async throws {
        let catalog = Repository.path("docs/examples/changes.json").path
        let extra = command == "changes" ? ["--catalog", catalog] : []
        let run = await Self.agekit([command, "--age", "30", "--region", "US-TX", "--fault", fault] + extra)
        #expect(run.code == 0, "\(run.err)")
        if fault.hasPrefix("request:"), command == "launch" {
            #expect(run.out.contains("did not answer") || run.out.contains("failed"), "\(run.out)")
        }
        if fault.hasPrefix("request:"), command == "changes" {
            #expect(run.out.contains("Person: unavailable"), "\(run.out)")
        }
    }
}
