/// The report as one self-contained HTML page: inline CSS and SVG, no script, no font or
/// image from the network. A summary first (the figures that must be zero in red when they
/// are not), then a matrix per subsystem for each region and date, then every distinct
/// decision trail once, which the matrix cells link to.
package struct ExploreHTML {
    package let report: ExploreReport
    /// The comparison lists at most this many changed cells; the JSON has them all.
    package static let comparisonLimit = 1_000

    package init(_ report: ExploreReport) {
        self.report = report
    }

    package func render() -> String {
        var out = ""
        out.reserveCapacity(report.cells.count * 40 + 200_000)
        out += "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        out += "<title>AgeKit scenario explorer</title><style>\(Self.css)</style></head><body>\n"
        out += "<h1>AgeKit scenario explorer</h1>\n"
        let sources = report.configuration.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.escape($0.value))" }
        out +=
            "<p class=\"meta\">Configuration: \(sources.joined(separator: "; ")); launch threshold \(report.threshold)."
        out += " Axes: \(report.axes.persons.count) people, \(report.axes.answers.count) answers, "
        out += "\(report.axes.platforms.count) platforms, \(report.axes.versions.count) OS versions, "
        out += "\(report.axes.regions.count) regions, \(report.axes.dates.count) dates "
        out += "(\(report.axes.dates.joined(separator: ", "))).</p>\n"
        if let defaults = report.defaults, !defaults.isEmpty {
            out += "<p class=\"meta\">Defaults: \(Self.escape(defaults.joined(separator: "; "))).</p>\n"
        }
        contents(&out)
        summary(&out)
        if let view = report.featureView { features(view, &out) }
        if let comparison = report.comparison { self.comparison(comparison, &out) }
        legend(&out)
        matrices(&out)
        trails(&out)
        out += "</body></html>\n"
        return out
    }

    /// The table of contents: each part, and each region's dates in the feature view and the
    /// matrices.
    private func contents(_ out: inout String) {
        out += "<nav class=\"toc\" id=\"contents\"><b>Contents</b><ul><li><a href=\"#summary\">Summary</a></li>"
        if report.featureView != nil { out += "<li><a href=\"#features\">Who gets what</a></li>" }
        if report.comparison != nil { out += "<li><a href=\"#comparison\">Changed since the baseline</a></li>" }
        out += "<li><a href=\"#legend\">How to read the matrices</a></li><li><a href=\"#matrices\">Matrices</a><ul>"
        for region in report.axes.regions {
            let dates = report.axes.dates.map { "<a href=\"#s-\(Self.escape(region))-\($0)\">\($0)</a>" }
            out += "<li>\(Self.escape(region)): \(dates.joined(separator: ", "))</li>"
        }
        out += "</ul></li><li><a href=\"#trails\">Decision trails</a></li></ul></nav>\n"
    }

    /// Text for an element or a quoted attribute.
    package static func escape(_ text: String) -> String {
        // Most texts need nothing: a scan of the bytes says so without building characters.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    private func summary(_ out: inout String) {
        let summary = report.summary
        out += "<section id=\"summary\"><h2>Summary</h2><table class=\"figures\">\n"
        func row(_ figure: String, _ text: String, _ value: Int, mustBeZero: Bool = false) {
            let bad = mustBeZero && value > 0
            out += "<tr\(bad ? " class=\"bad\"" : "")><th>\(text)</th>"
            out += "<td data-figure=\"\(figure)\">\(value)</td></tr>\n"
        }
        row("cells", "Cells", summary.cells)
        row("asks", "The gate asks the system (at launch or first use)", summary.asks)
        row("asksAtLaunch", "… of them at launch", summary.asksAtLaunch)
        row("stopsLaunch", "The launch stops at the age step", summary.stopsLaunch)
        row("blocks", "A significant change stays blocked", summary.blocks)
        row(
            "minorTracking",
            "A minor reaches the tracking prompt where the law requires age assurance or the app knew (must be 0)",
            summary.minorTracking,
            mustBeZero: true)
        row(
            "minorAdultFeature", "A minor reaches an 18+ feature (must be 0)", summary.minorAdultFeature,
            mustBeZero: true)
        row("violatingCells", "Cells breaking an invariant (must be 0)", summary.violatingCells, mustBeZero: true)
        row(
            "tracksUnderThresholdByAge",
            "Under the threshold by age in an unregulated region, shown the tracking prompt because no check is required",
            summary.tracksUnderThresholdByAge)
        out += "</table>\n<h3>Invariants, checked on every cell</h3><table class=\"figures\">\n"
        for rule in ExploreInvariants.Rule.allCases {
            let count = summary.violations[rule.rawValue] ?? 0
            out += "<tr\(count > 0 ? " class=\"bad\"" : "")><th>\(rule.summary) <code>\(rule.rawValue)</code></th>"
            out += "<td data-invariant=\"\(rule.rawValue)\">\(count)</td></tr>\n"
        }
        out += "</table>\n"
        let violating = report.cells.filter { !$0.violations.isEmpty }
        if !violating.isEmpty {
            out += "<details class=\"bad\"><summary>\(violating.count) cells break an invariant</summary><ul>"
            for cell in violating.prefix(Self.comparisonLimit) {
                let details = cell.violations.map { "\($0.rule.rawValue): \(Self.escape($0.detail))" }
                out += "<li>\(Self.escape(cell.key.text)): \(details.joined(separator: "; "))</li>"
            }
            out += "</ul></details>\n"
        }
        bars(&out)
        out += "</section>\n"
    }
}
