import Foundation
import TestSupport
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// The HTML report opened in a real headless browser (Debian's `chromium`): the page the
/// browser builds holds the summary figures and every matrix cell of the JSON, and a
/// screenshot is left in bench/results/ for people to look at.
@Suite("agekit explore: the report in a browser", .enabled(if: Chromium.shouldRun, Chromium.skipReason))
struct ExploreBrowserTests {
    @Test("the summary figures and the matrix rows on the rendered page match the JSON")
    func pageMatchesJSON() async throws {
        let html = ExploreHarness.path("report.html")
        let json = ExploreHarness.path("report.json")
        let flags = [
            "--persona", "under13-approved,13to15-approved,adult-self-declared,adult-confirmed,age-16",
            "--platform", "iOS,macOS,visionOS,tvOS", "--region", "default,US-TX,US-CA",
            "--date", "2026-12-01,2027-01-01",
        ]
        let result = await ExploreHarness.run(flags + ["--html", html, "--json", json])
        #expect(result.status == 0, "\(result.err)")
        let report = try ExploreHarness.report(json)
        let dom = try Chromium.run(["--dump-dom", URL(fileURLWithPath: html).absoluteString])
        #expect(dom.contains("AgeKit scenario explorer"))

        // The summary: every figure, and every invariant's count.
        let figures = Self.attributes("data-figure", in: dom)
        let summary = report.summary
        let expected: [String: Int] = [
            "cells": summary.cells, "asks": summary.asks, "asksAtLaunch": summary.asksAtLaunch,
            "stopsLaunch": summary.stopsLaunch, "blocks": summary.blocks, "minorTracking": summary.minorTracking,
            "minorAdultFeature": summary.minorAdultFeature, "violatingCells": summary.violatingCells,
            "tracksUnderThresholdByAge": summary.tracksUnderThresholdByAge,
        ]
        #expect(figures == expected)
        #expect(Self.attributes("data-invariant", in: dom) == summary.violations)

        // The matrices: each rendered cell links to the outcome the JSON holds for it.
        var cells: [String: ExploreReport.Cell] = [:]
        for cell in report.cells {
            cells[
                "\(cell.key.region)|\(cell.key.date)|\(cell.key.person)/\(cell.key.answer)|\(cell.key.platform)|\(cell.key.os)"
            ] = cell
        }
        var seen: [String: Int] = ["age": 0, "launch": 0, "changes": 0]
        var sections: [String: String] = [:]
        for chunk in dom.components(separatedBy: "<section class=\"rd\"").dropFirst() {
            let id = try #require(Self.value("id", in: chunk))
            let region = try #require(Self.value("data-region", in: chunk))
            let date = try #require(Self.value("data-date", in: chunk))
            let header = String(chunk.prefix { $0 != ">" })
            let body = Self.value("data-same", in: header).flatMap { sections[$0] } ?? chunk
            sections[id] = body
            for table in body.components(separatedBy: "<table class=\"m\" data-subsystem=\"").dropFirst() {
                let subsystem = String(table.prefix { $0 != "\"" })
                // The platforms wrap: each table names its columns, PLATFORM/OS.
                let columns = try #require(Self.value("data-columns", in: table)).split(separator: " ").map {
                    let parts = $0.split(separator: "/").map(String.init)
                    return (parts[0], parts[1])
                }
                #expect(Set(columns.map(\.0)).count <= ExploreHTML.platformsPerTable)
                for row in table.components(separatedBy: "<tr data-rows=\"").dropFirst() {
                    let members = row.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
                    // The row only: the trails after the last matrix link to sections too.
                    let rowText = row.components(separatedBy: "</tr>").first ?? row
                    let links = rowText.components(separatedBy: "href=\"#").dropFirst().map {
                        Int($0.dropFirst().prefix { $0.isNumber })
                    }
                    #expect(links.count == columns.count, "\(region) \(date) \(subsystem) \(members)")
                    for member in members {
                        for ((platform, os), link) in zip(columns, links) {
                            let cell = try #require(cells["\(region)|\(date)|\(member)|\(platform)|\(os)"])
                            let index =
                                switch subsystem {
                                case "age": cell.age
                                case "launch": cell.launch
                                default: cell.changes
                                }
                            #expect(link == index, "\(region) \(date) \(member) \(platform) \(os) \(subsystem)")
                            seen[subsystem, default: 0] += 1
                        }
                    }
                }
            }
        }
        #expect(seen == ["age": report.cells.count, "launch": report.cells.count, "changes": report.cells.count])

        // Every trail the matrices link to is on the page.
        for (prefix, count) in [
            ("a", report.ageOutcomes.count), ("l", report.launchOutcomes.count), ("c", report.changesOutcomes.count),
        ] {
            for index in 0..<count { #expect(dom.contains("<details class=\"trail\" id=\"\(prefix)\(index)\">")) }
        }
        #expect(!dom.contains("<script"))

        // A screenshot next to the benchmark results.
        let results = Repository.path("bench/results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        let screenshot = results.appendingPathComponent("explorer.png")
        try? FileManager.default.removeItem(at: screenshot)
        _ = try Chromium.run([
            "--screenshot=\(screenshot.path)", "--window-size=1400,2400", "--hide-scrollbars",
            URL(fileURLWithPath: html).absoluteString,
        ])
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }

    /// `name="key">123<` pairs.
    static func attributes(_ name: String, in text: String) -> [String: Int] {
        var values: [String: Int] = [:]
        for part in text.components(separatedBy: "\(name)=\"").dropFirst() {
            let key = String(part.prefix { $0 != "\"" })
            guard let close = part.firstIndex(of: ">") else { continue }
            values[key] = Int(part[part.index(after: close)...].prefix { $0.isNumber })
        }
        return values
    }

    /// The first `name="value"` in `text`.
    static func value(_ name: String, in text: String) -> String? {
        guard let range = text.range(of: " \(name)=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// Debian's `chromium`, headless. Under CI=true the tests always run (a missing browser
/// fails them); elsewhere they are skipped, with the reason, when it is not installed.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var shouldRun: Bool {
        path != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    static var skipReason: Comment {
        "chromium is not installed (scripts/install-deps installs it; under CI=true this test runs)"
    }

    /// Runs the browser headless and returns its standard output; stops it after two minutes.
    static func run(_ arguments: [String]) throws -> String {
        let browser = try #require(path, "chromium is not installed: run scripts/install-deps")
        let profile = ExploreHarness.path("chromium-profile")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile)",
            ] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        let data = out.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        watchdog.cancel()
        try? FileManager.default.removeItem(atPath: profile)
        #expect(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
