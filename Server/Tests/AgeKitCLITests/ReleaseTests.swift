import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AgeKitCLI

/// The version is written in one place, `Release.version` (which `AgeKitCLI.version` is): the
/// changelog, the guides and `agekit --version` are held to it, so a release changes one line
/// and the tests name every other place that has to follow.
@Suite("one version: the changelog, the guides and agekit --version agree")
struct ReleaseTests {
    static let root = Repository.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A release heading of CHANGELOG.md: `## [0.1.0] - 2026-12-02`.
    struct Heading: Sendable {
        let version: [Int]
        let date: String
        var name: String { version.map(String.init).joined(separator: ".") }
    }

    /// The second-level headings of CHANGELOG.md after `## [Unreleased]`, newest first; a heading
    /// of any other form is recorded as an issue.
    static func releases() throws -> [Heading] {
        let headings = try text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## [Unreleased]", "the changelog starts with its Unreleased section")
        return headings.dropFirst().compactMap { line in
            guard let match = line.wholeMatch(of: #/## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})/#) else {
                Issue.record("not a release heading ('## [X.Y.Z] - YYYY-MM-DD'): \(line)")
                return nil
            }
            return Heading(version: [Int(match.1)!, Int(match.2)!, Int(match.3)!], date: String(match.4))
        }
    }

    func run(_ arguments: [String]) async -> (status: Int32, out: String) {
        let output = Mutex("")
        let console = Console(out: { line in output.withLock { $0 += line + "\n" } }, err: { _ in })
        let status = await AgeKitCLI.main(arguments, console: console)
        return (status, output.withLock { $0 })
    }

    @Test("CHANGELOG.md's newest release is the version agekit reports (Release.version)")
    func changelogNamesTheVersion() throws {
        let newest = try #require(try Self.releases().first, "the changelog has no release section")
        #expect(newest.name == AgeKitCLI.version, "bump Release.version and the changelog together")
    }

    @Test("agekit --version and agekit version print the version")
    func versionCommands() async {
        for arguments in [["--version"], ["version"]] {
            let (status, out) = await run(arguments)
            #expect(status == 0)
            #expect(out == "agekit \(AgeKitCLI.version)\n", "\(arguments)")
        }
    }

    @Test("releases are listed newest first, each with its parts: Added, Changed, Fixed, Security")
    func changelogShape() throws {
        let releases = try Self.releases()
        for (newer, older) in zip(releases, releases.dropFirst()) {
            #expect(older.version.lexicographicallyPrecedes(newer.version), "\(newer.name) is not above \(older.name)")
            #expect(newer.date >= older.date, "\(newer.name) is dated before \(older.name)")
        }
        let parts = try Self.text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(!parts.isEmpty)
        for part in parts {
            #expect(["### Added", "### Changed", "### Fixed", "### Security"].contains(part), "\(part)")
        }
    }

    /// `docs/cli.md` writes the version in its overview (scripts/cli-docs); a guide that quotes a
    /// version string must quote this one.
    @Test("every 'agekit X.Y.Z' or 'agekit/X.Y.Z' in the README and the guides is the current version")
    func guidesQuoteTheVersion() throws {
        let guides = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var quoted = 0
        for path in ["README.md", "CONTRIBUTING.md", "SECURITY.md"] + guides {
            for match in try Self.text(path).matches(of: #/agekit[ \/](\d+\.\d+\.\d+)/#) {
                quoted += 1
                #expect(String(match.1) == AgeKitCLI.version, "\(path): \(match.0)")
            }
        }
        #expect(quoted > 0, "docs/cli.md quotes agekit --help, which names the version")
    }

    @Test(".spi.yml names documentation targets that exist, in a file the index reads (1,000 bytes at most)")
    func swiftPackageIndexManifest() throws {
        let manifest = try Self.text(".spi.yml")
        #expect(manifest.utf8.count <= 1000)
        #expect(manifest.hasPrefix("version: 1\n"))
        let targets = manifest.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/ +- ([A-Za-z]+)/#).map { String($0.1) }
        }
        #expect(targets.contains("AgeKit"))
        for target in targets {
            var isDirectory: ObjCBool = false
            let path = Self.root.appendingPathComponent("Sources/" + target).path
            #expect(
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue,
                "\(target)")
        }
    }
}
