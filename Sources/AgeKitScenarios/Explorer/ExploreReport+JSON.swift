import Foundation

extension ExploreReport {
    /// The report as JSON with sorted keys, one line (tools read it; `jq .` pretty-prints it).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The cells are most of the file and all of one shape: they are written here, the
        // rest by the encoder (the same bytes the encoder writes for them; a test compares).
        var shell = self
        shell.cells = []
        // Every field is a plain value: encoding cannot fail.
        var json = try! encoder.encode(shell)
        // Keys are sorted and no earlier field has a `cells` key: the first match is the field.
        let empty = Data(#""cells":[]"#.utf8)
        let range = json.range(of: empty)!
        json.replaceSubrange(range, with: Data(#""cells":"#.utf8) + Self.json(cells, encoder: encoder))
        return json
    }

    /// The cells as the encoder writes them, with each distinct string and violation list
    /// encoded once.
    private static func json(_ cells: [Cell], encoder: JSONEncoder) -> Data {
        var strings: [String: String] = [:]
        var violations: [[ExploreInvariants.Violation]: String] = [[]: "[]"]
        func encoded(_ value: String) -> String {
            if let known = strings[value] { return known }
            let text = String(decoding: try! encoder.encode(value), as: UTF8.self)
            strings[value] = text
            return text
        }
        var out = "["
        out.reserveCapacity(cells.count * 280)
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            let key = cell.key
            let list =
                violations[cell.violations]
                ?? {
                    let text = String(decoding: try! encoder.encode(cell.violations), as: UTF8.self)
                    violations[cell.violations] = text
                    return text
                }()
            out += #"{"age":\#(cell.age),"changes":\#(cell.changes),"key":{"answer":\#(encoded(key.answer)),"#
            out += #""date":\#(encoded(key.date)),"os":\#(encoded(key.os)),"person":\#(encoded(key.person)),"#
            out += #""platform":\#(encoded(key.platform)),"region":\#(encoded(key.region))},"#
            out += #""launch":\#(cell.launch),"minorAdultFeature":\#(cell.minorAdultFeature),"#
            out += #""minorTracking":\#(cell.minorTracking),"#
            out += #""tracksUnderThresholdByAge":\#(cell.tracksUnderThresholdByAge),"violations":\#(list)}"#
        }
        out += "]"
        return Data(out.utf8)
    }

    /// Reads an earlier run written by ``jsonData()``. A file of another format version is
    /// refused with the field and the reason, before anything is compared.
    public init(baseline data: Data) throws(ScenarioError) {
        struct Header: Decodable {
            var formatVersion: Int?
            var tool: String?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw ScenarioError(code: "baseline_invalid", reason: "not a JSON object (\(Self.reason(error)))")
        }
        guard header.tool == "agekit explore" else {
            throw ScenarioError(
                code: "baseline_incompatible",
                reason: "tool: '\(header.tool ?? "missing")' is not 'agekit explore' (write one with --json)")
        }
        guard let version = header.formatVersion else {
            throw ScenarioError(code: "baseline_incompatible", reason: "formatVersion: missing")
        }
        guard version == Self.currentFormatVersion else {
            throw ScenarioError(
                code: "baseline_incompatible",
                reason: "formatVersion: \(version) is not \(Self.currentFormatVersion), the version this agekit reads "
                    + "(run the baseline again with this agekit)")
        }
        do {
            self = try JSONDecoder().decode(ExploreReport.self, from: data)
        } catch {
            throw ScenarioError(code: "baseline_invalid", reason: Self.reason(error))
        }
        try checkIndexes()
    }

    /// Every cell must point at outcomes the file holds.
    private func checkIndexes() throws(ScenarioError) {
        for (index, cell) in cells.enumerated() {
            for (field, value, count) in [
                ("age", cell.age, ageOutcomes.count), ("launch", cell.launch, launchOutcomes.count),
                ("changes", cell.changes, changesOutcomes.count),
            ] where !(0..<count).contains(value) {
                throw ScenarioError(
                    code: "baseline_invalid",
                    reason: "cells.\(index).\(field): \(value) names no outcome (the file holds \(count))")
            }
        }
    }

    /// The field path and what is wrong with it.
    package static func reason(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty
                ? "the file" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "not valid JSON"
        }
    }
}
