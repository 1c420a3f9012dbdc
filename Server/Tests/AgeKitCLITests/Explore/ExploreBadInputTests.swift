import Foundation
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// Bad input names the file or option, the field and the reason, exits non-zero and writes
/// nothing.
@Suite("agekit explore: bad input")
struct ExploreBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        /// Every piece must be in the message.
        var message: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown platform", arguments: ["--platform", "iOS,palmOS"], status: 2,
            message: ["--platform", "palmOS"]),
        Case(name: "unknown OS version", arguments: ["--os", "26.9"], status: 2, message: ["--os", "26.9", "27.0"]),
        Case(name: "unknown region", arguments: ["--region", "XX"], status: 2, message: ["--region", "XX"]),
        Case(
            name: "unknown persona", arguments: ["--persona", "nobody"], status: 2, message: ["--persona", "nobody"]),
        Case(name: "unknown answer", arguments: ["--answer", "maybe"], status: 2, message: ["--answer", "maybe"]),
        Case(name: "bad date", arguments: ["--date", "2027-02-30"], status: 2, message: ["--date", "2027-02-30"]),
        Case(
            name: "unknown line", arguments: ["--fail-on", "everything"], status: 2,
            message: ["--fail-on", "everything"]),
        Case(
            name: "newlyBlocked without a baseline", arguments: ["--fail-on", "newlyBlocked"], status: 2,
            message: ["--baseline"]),
        Case(
            name: "missing profile", arguments: ["--profile", "/nonexistent/profile.json"], status: 1,
            message: ["unreadable_profile", "/nonexistent/profile.json"]),
        Case(
            name: "missing catalog", arguments: ["--catalog", "/nonexistent/catalog.json"], status: 1,
            message: ["catalog_unreadable", "/nonexistent/catalog.json"]),
    ]

    @Test("each bad option or file is refused with its name and reason", arguments: cases)
    func refused(_ bad: Case) async {
        let html = ExploreHarness.path("refused.html")
        let result = await ExploreHarness.run(bad.arguments + ["--html", html])
        #expect(result.status == bad.status)
        for piece in bad.message { #expect(result.err.contains(piece), "\(piece) in \(result.err)") }
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    static let baselines: [(name: String, json: String, field: String)] = [
        (
            "another format version", #"{"tool": "agekit explore", "formatVersion": 99, "cells": []}"#,
            "formatVersion: 99"
        ),
        ("no format version", #"{"tool": "agekit explore"}"#, "formatVersion: missing"),
        ("another tool", #"{"tool": "something else", "formatVersion": 1}"#, "tool:"),
        ("not JSON", "cells, but not JSON", "not a JSON object"),
        (
            "a field missing", #"{"tool": "agekit explore", "formatVersion": 1, "threshold": 16}"#,
            "missing"
        ),
    ]

    @Test("an incompatible baseline is refused with the file, the field and the reason", arguments: baselines)
    func incompatibleBaseline(_ name: String, _ json: String, _ field: String) async throws {
        let baseline = try ExploreHarness.write(json, "baseline.json")
        let out = ExploreHarness.path("out.json")
        let result = await ExploreHarness.run(ExploreHarness.smallFlags + ["--baseline", baseline, "--json", out])
        #expect(result.status == 1)
        #expect(result.err.contains(baseline))
        #expect(result.err.contains(field), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a baseline cell pointing at no outcome is refused with its field")
    func danglingIndex() async throws {
        let good = ExploreHarness.path("good.json")
        #expect(await ExploreHarness.run(ExploreHarness.smallFlags + ["--json", good]).status == 0)
        var report = try ExploreHarness.report(good)
        report.cells[0].launch = 9_999
        let bad = ExploreHarness.path("dangling.json")
        try report.jsonData().write(to: URL(fileURLWithPath: bad))
        let result = await ExploreHarness.run(ExploreHarness.smallFlags + ["--baseline", bad])
        #expect(result.status == 1)
        #expect(result.err.contains("cells.0.launch"))
    }

    @Test("an unwritable report path fails with its name and leaves no temporary file")
    func unwritable() async throws {
        let directory = ExploreHarness.path("no-such-directory")
        let result = await ExploreHarness.run(ExploreHarness.smallFlags + ["--json", directory + "/report.json"])
        #expect(result.status == 1)
        #expect(result.err.contains("output_unwritable"))
        #expect(result.err.contains("report.json"))
    }

    @Test("a report replaces the old file whole: no temporary file is left beside it")
    func atomicWrite() async throws {
        let directory = ExploreHarness.path("atomic")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let json = directory + "/report.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: json))
        #expect(await ExploreHarness.run(ExploreHarness.smallFlags + ["--json", json]).status == 0)
        #expect(try ExploreHarness.report(json).formatVersion == ExploreReport.currentFormatVersion)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.json"])
    }
}
