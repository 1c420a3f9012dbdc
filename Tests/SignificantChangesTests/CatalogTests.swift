import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("Change catalog")
struct CatalogTests {
    struct Ordering: Sendable, CustomTestStringConvertible {
        let lower: String
        let higher: String
        var testDescription: String { "\(lower) < \(higher)" }
    }

    @Test(
        "versions compare number by number",
        arguments: [
            Ordering(lower: "1.9", higher: "1.10"), Ordering(lower: "1.2", higher: "1.2.1"),
            Ordering(lower: "1.99", higher: "2"), Ordering(lower: "0.9.9", higher: "1.0"),
            Ordering(lower: "2.3", higher: "10.0"),
        ])
    func versionOrdering(_ pair: Ordering) throws {
        let lower = try AppVersion(parsing: pair.lower)
        let higher = try AppVersion(parsing: pair.higher)
        #expect(lower < higher)
        #expect(!(higher < lower))
    }

    @Test("trailing zeros do not matter", arguments: [("1.2", "1.2.0"), ("1", "1.0.0"), ("3.0", "3")])
    func versionEquality(_ pair: (String, String)) throws {
        #expect(try AppVersion(parsing: pair.0) == AppVersion(parsing: pair.1))
    }

    @Test(
        "unparsable versions are rejected", arguments: ["", " ", "1.", ".1", "1..2", "a", "1.x", "-1", "1.-2", "v1.2"])
    func unparsableVersions(_ text: String) {
        #expect(throws: SignificantChangesError(.invalidVersion, "")) { try AppVersion(parsing: text) }
    }

    @Test(
        "vague or empty descriptions are rejected with what a guardian needs",
        arguments: [
            "", "   ", "improvements", "Bug fixes", "various updates", "Bug fixes and performance improvements.",
            "New features!", "Minor tweaks", "Chat", "General stability improvements",
        ])
    func vagueDescriptions(_ text: String) {
        do {
            _ = try SignificantChange(id: "x", introducedIn: AppVersion(1), description: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.code == .vagueDescription)
            #expect(error.reason.contains("a guardian needs"))
            #expect(error.reason.contains("'x'"))
        }
    }

    @Test(
        "concrete descriptions are accepted",
        arguments: [
            "Adds video calling and location sharing", "Lets people message each other directly",
            "Shows ads based on what your child watches",
        ])
    func concreteDescriptions(_ text: String) throws {
        let change = try SignificantChange(id: "x", introducedIn: AppVersion(1), description: "  \(text) ")
        #expect(change.description == text)
    }

    @Test(
        "invalid change ids are rejected", arguments: ["", "has space", "slash/id", String(repeating: "a", count: 65)])
    func invalidIDs(_ id: String) {
        #expect(throws: SignificantChangesError(.invalidChangeID, "")) {
            try SignificantChange(id: id, introducedIn: AppVersion(1), description: "Adds video calling to chats")
        }
    }

    struct Exemption: Sendable, CustomTestStringConvertible {
        let installed: String?
        let introduced: String
        let exempt: Bool
        var testDescription: String {
            "installed \(installed ?? "unknown"), introduced \(introduced): exempt \(exempt)"
        }
    }

    @Test(
        "an install at or after the introducing version is exempt",
        arguments: [
            Exemption(installed: "1.10", introduced: "1.9", exempt: true),
            Exemption(installed: "1.9", introduced: "1.9", exempt: true),
            Exemption(installed: "1.9.0", introduced: "1.9", exempt: true),
            Exemption(installed: "1.9", introduced: "1.10", exempt: false),
            Exemption(installed: "1.2", introduced: "1.2.1", exempt: false),
            Exemption(installed: nil, introduced: "1.0", exempt: false),
        ])
    func installExemption(_ row: Exemption) throws {
        let change = try SignificantChange(
            id: "c", introducedIn: AppVersion(parsing: row.introduced), description: "Adds video calling to chats")
        let installed = try row.installed.map(AppVersion.init(parsing:))
        #expect(change.isExempt(originalVersion: installed) == row.exempt)
        let catalog = try ChangeCatalog(changes: [change])
        #expect(catalog.changesApplying(originalVersion: installed).isEmpty == row.exempt)
    }

    struct BuildRow: Sendable, CustomTestStringConvertible {
        let platform: Platform
        let installed: String?
        let build: String?
        let exempt: Bool
        let comparable: Bool
        var testDescription: String { "\(platform.rawValue) installed=\(installed ?? "nil") build=\(build ?? "nil")" }
    }

    @Test(
        "rule 1: originalAppVersion is compared like with like for the platform",
        arguments: [
            // A Texas minor who installed build 342 of marketing version 1.0 is not exempt from 1.9.
            BuildRow(platform: .iOS, installed: "342", build: "400", exempt: false, comparable: true),
            BuildRow(platform: .iOS, installed: "342", build: "300", exempt: true, comparable: true),
            BuildRow(platform: .visionOS, installed: "342", build: "342", exempt: true, comparable: true),
            BuildRow(platform: .iOS, installed: "342", build: nil, exempt: false, comparable: false),
            BuildRow(platform: .watchOS, installed: "1.0", build: "1", exempt: false, comparable: false),
            BuildRow(platform: .iOS, installed: nil, build: "1", exempt: false, comparable: false),
            BuildRow(platform: .macOS, installed: "1.10", build: nil, exempt: true, comparable: true),
            BuildRow(platform: .macOS, installed: "342", build: nil, exempt: true, comparable: true),
            BuildRow(platform: .macOS, installed: "1.2", build: "1", exempt: false, comparable: true),
        ])
    func buildNumbers(_ row: BuildRow) throws {
        let change = try SignificantChange(
            id: "c", introducedIn: AppVersion(parsing: "1.9"),
            introducedInBuild: row.build.map { try AppVersion(parsing: $0) },
            description: "Adds video calling to chats")
        let installed = try row.installed.map(AppVersion.init(parsing:))
        let exemption = change.exemption(originalVersion: installed, platform: row.platform)
        #expect(exemption.isExempt == row.exempt)
        if case .notComparable = exemption { #expect(!row.comparable) } else { #expect(row.comparable) }
        let catalog = try ChangeCatalog(changes: [change])
        #expect(catalog.changesApplying(originalVersion: installed, platform: row.platform).isEmpty == row.exempt)
    }

    @Test("rule 1: the catalog file reads introducedInBuild and rejects a bad one")
    func introducedInBuild() throws {
        let good =
            #"{"changes": [{"id": "a", "introducedIn": "1.9", "introducedInBuild": "342", "description": "Adds video calling"}]}"#
        #expect(try ChangeCatalog(json: Data(good.utf8)).changes.first?.introducedInBuild == AppVersion(342))
        let bad =
            #"{"changes": [{"id": "a", "introducedIn": "1.9", "introducedInBuild": "b1", "description": "Adds video calling"}]}"#
        #expect(throws: SignificantChangesError(.invalidVersion, "")) { try ChangeCatalog(json: Data(bad.utf8)) }
    }

    @Test("duplicate ids are rejected, naming the id")
    func duplicateIDs() throws {
        let change = try SignificantChange(id: "dup", introducedIn: AppVersion(1), description: "Adds video calling")
        do {
            _ = try ChangeCatalog(changes: [change, change])
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.code == .duplicateChangeID)
            #expect(error.reason.contains("'dup'"))
        }
    }

    @Test("changes newer than the running version are not shipped yet")
    func unshippedChanges() throws {
        let json = """
            {"appVersion": "1.9", "changes": [
              {"id": "old", "introducedIn": "1.9", "description": "Adds video calling to chats"},
              {"id": "new", "introducedIn": "1.10", "description": "Adds location sharing with friends"}]}
            """
        let catalog = try ChangeCatalog(json: Data(json.utf8))
        #expect(catalog.changesApplying(originalVersion: nil).map(\.id) == ["old"])
    }

    @Test("the catalog file reads scopes, versions and the rating template")
    func readsFile() throws {
        let json = """
            {"ratingChange": {"description": "The App Store age rating changed; review it with your child", "scope": ["store"]},
             "changes": [
              {"id": "calls", "introducedIn": "1.10", "description": "Adds video calling to chats", "scope": ["calls", "chat"]},
              {"id": "profiles", "introducedIn": "1.9", "description": "Makes profiles public to everyone", "scope": "app"},
              {"id": "default-scope", "introducedIn": "2", "description": "Shares your location with friends"}]}
            """
        let catalog = try ChangeCatalog(json: Data(json.utf8))
        #expect(catalog.changes.map(\.id) == ["calls", "profiles", "default-scope"])
        #expect(catalog["calls"]?.scope == .features(["calls", "chat"]))
        #expect(catalog["profiles"]?.scope == .wholeApp)
        #expect(catalog["default-scope"]?.scope == .wholeApp)
        #expect(catalog["calls"]?.introducedIn == AppVersion(1, 10))
        #expect(catalog.ratingChange.scope == .features(["store"]))
        let rating = catalog.ratingChange.change(from: 4, to: 5, appVersion: nil)
        #expect(rating.id == "age-rating-4-to-5")
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let code: SignificantChangesError.Code
        let mentions: String
        var testDescription: String { name }
    }

    @Test(
        "bad catalog files get a specific code and name the item",
        arguments: [
            BadFile(name: "not JSON", json: "{\"changes\": [", code: .malformedCatalog, mentions: "not valid JSON"),
            BadFile(name: "no changes key", json: "{}", code: .malformedCatalog, mentions: "\"changes\""),
            BadFile(
                name: "id is a number", json: #"{"changes": [{"id": 3}]}"#, code: .malformedCatalog,
                mentions: "changes[0].id"),
            BadFile(
                name: "missing id", json: #"{"changes": [{"introducedIn": "1", "description": "Adds video calls"}]}"#,
                code: .malformedCatalog, mentions: "changes[0]"),
            BadFile(
                name: "missing version", json: #"{"changes": [{"id": "a", "description": "Adds video calls"}]}"#,
                code: .malformedCatalog, mentions: "'a'"),
            BadFile(
                name: "unparsable version",
                json: #"{"changes": [{"id": "a", "introducedIn": "1.x", "description": "Adds video calls"}]}"#,
                code: .invalidVersion, mentions: "1.x"),
            BadFile(
                name: "vague description",
                json: #"{"changes": [{"id": "a", "introducedIn": "1", "description": "improvements"}]}"#,
                code: .vagueDescription, mentions: "'a'"),
            BadFile(
                name: "duplicate ids",
                json: #"""
                    {"changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calling"},
                                 {"id": "a", "introducedIn": "2", "description": "Adds location sharing"}]}
                    """#,
                code: .duplicateChangeID, mentions: "'a'"),
            BadFile(
                name: "empty feature scope",
                json:
                    #"{"changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calls", "scope": []}]}"#,
                code: .invalidScope, mentions: "'a'"),
            BadFile(
                name: "unknown scope word",
                json:
                    #"{"changes": [{"id": "a", "introducedIn": "1", "description": "Adds video calls", "scope": "all"}]}"#,
                code: .invalidScope, mentions: "all"),
            BadFile(
                name: "reserved id",
                json:
                    #"{"changes": [{"id": "age-rating-1-to-2", "introducedIn": "1", "description": "Adds video calls"}]}"#,
                code: .invalidChangeID, mentions: "age-rating-"),
            BadFile(
                name: "bad app version",
                json: #"{"appVersion": "one", "changes": []}"#, code: .invalidVersion, mentions: "appVersion"),
            BadFile(
                name: "vague rating description",
                json: #"{"ratingChange": {"description": "updates"}, "changes": []}"#, code: .vagueDescription,
                mentions: "ratingChange"),
        ])
    func badFiles(_ file: BadFile) {
        do {
            _ = try ChangeCatalog(json: Data(file.json.utf8))
            Issue.record("accepted \(file.name)")
        } catch {
            #expect(error.code == file.code)
            #expect(error.reason.contains(file.mentions), "\(error.reason)")
        }
    }

    @Test("scope union: the whole app swallows features")
    func scopeUnion() {
        #expect(ChangeScope.union([.features(["b"]), .features(["a", "b"])]) == .features(["a", "b"]))
        #expect(ChangeScope.union([.features(["a"]), .wholeApp]) == .wholeApp)
        #expect(ChangeScope.union([]) == nil)
        #expect(ChangeScope.wholeApp.contains(feature: "anything"))
        #expect(!ChangeScope.features(["a"]).contains(feature: "b"))
    }
}
