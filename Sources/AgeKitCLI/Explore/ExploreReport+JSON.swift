import Foundation

extension ExploreReport {
    /// The report as JSON with sorted keys, one line (tools read it; `jq .` pretty-prints it).
    func jsonData() -> Data {
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

    /// Reads an earlier run. A file of another format version is refused with the field and
    /// the reason, before anything is compared.
    static func baseline(_ data: Data, path: String) throws(CLIError) -> ExploreReport {
        struct Header: Decodable {
            var formatVersion: Int?
            var tool: String?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw .failure(code: "baseline_invalid", message: "\(path): not a JSON object (\(Self.reason(error)))")
        }
        guard header.tool == "agekit explore" else {
            throw .failure(
                code: "baseline_incompatible",
                message: "\(path): tool: '\(header.tool ?? "missing")' is not 'agekit explore' (write one with --json)")
        }
        guard let version = header.formatVersion else {
            throw .failure(code: "baseline_incompatible", message: "\(path): formatVersion: missing")
        }
        guard version == currentFormatVersion else {
            throw .failure(
                code: "baseline_incompatible",
                message:
                    "\(path): formatVersion: \(version) is not \(currentFormatVersion), the version this agekit reads "
                    + "(run the baseline again with this agekit)")
        }
        do {
            let report = try JSONDecoder().decode(ExploreReport.self, from: data)
            try report.checkIndexes(path: path)
            return report
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure(code: "baseline_invalid", message: "\(path): \(Self.reason(error))")
        }
    }

    /// Every cell must point at outcomes the file holds.
    private func checkIndexes(path: String) throws(CLIError) {
        for (index, cell) in cells.enumerated() {
            for (field, value, count) in [
                ("age", cell.age, ageOutcomes.count), ("launch", cell.launch, launchOutcomes.count),
                ("changes", cell.changes, changesOutcomes.count),
            ] where !(0..<count).contains(value) {
                throw .failure(
                    code: "baseline_invalid",
                    message: "\(path): cells.\(index).\(field): \(value) names no outcome (the file holds \(count))")
            }
        }
    }

    /// The field path and what is wrong with it.
    static func reason(_ error: any Error) -> String {
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
