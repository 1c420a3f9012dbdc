extension ExploreHTML {
    /// Who gets what: for each region and date, each person and answer, each feature's
    /// decision (open, or closed with the reason, and the next step). A decision that differs
    /// between devices lists each with its platforms and OS versions. A region and date with
    /// the same decisions as an earlier one says so and links to it.
    package func features(_ view: ExploreFeatureView, _ out: inout String) {
        out += "<section id=\"features\"><h2>Who gets what</h2>\n<p>Each feature of the app's profile, decided by"
        out += " the age gate for each person (age band and declaration) and answer, in each region on each date."
        out += " <span class=\"sw open-k\"></span>open <span class=\"sw closed-k\"></span>closed, with the reason"
        out += "; a cell with a striped edge differs on some devices, named under the decision most of them get;"
        out += " \"next\" is the step the app can offer.</p>\n"
        var seen: [[[[ExploreFeatureView.Decision]]]: (id: String, title: String)] = [:]
        var start = 0
        while start < view.rows.count {
            let region = view.rows[start].region
            let date = view.rows[start].date
            var end = start
            while end < view.rows.count && view.rows[end].region == region && view.rows[end].date == date { end += 1 }
            let rows = view.rows[start..<end]
            start = end
            let id = "f-\(region)-\(date)"
            out += "<section class=\"fd\" id=\"\(Self.escape(id))\" data-region=\"\(Self.escape(region))\""
            out += " data-date=\"\(date)\"><h3>\(Self.escape(region)) on \(date)</h3>"
            let decisions = rows.map(\.decisions)
            if let earlier = seen[decisions] {
                out += "<p>The same decisions, person for person, as <a href=\"#\(Self.escape(earlier.id))\">"
                out += "\(Self.escape(earlier.title))</a>.</p>"
                out += "</section>\n"
                continue
            }
            seen[decisions] = (id, "\(region) on \(date)")
            table(view.features, rows, &out)
            out += "</section>\n"
        }
        out += "</section>\n"
    }

    private func table(_ features: [String], _ rows: ArraySlice<ExploreFeatureView.Row>, _ out: inout String) {
        out += "<table class=\"fv\"><thead><tr><th>person</th><th>answer</th>"
        for feature in features { out += "<th>\(Self.escape(feature))</th>" }
        out += "</tr></thead><tbody>\n"
        for row in rows {
            out += "<tr data-person=\"\(Self.escape(row.person))\" data-answer=\"\(row.answer)\">"
            out += "<th>\(Self.escape(row.person))</th><td>\(row.answer)</td>"
            for (feature, decisions) in zip(features, row.decisions) {
                // The most common decision gives the colour; the devices that differ follow it.
                guard let first = decisions.first else {
                    out += "<td></td>"
                    continue
                }
                let kind = (first.open ? "open" : "closed") + (decisions.count > 1 ? " varies" : "")
                out += "<td class=\"\(kind)\" data-feature=\"\(Self.escape(feature))\">\(Self.escape(first.text))"
                for other in decisions.dropFirst() {
                    let devices = other.devices?.joined(separator: "; ") ?? ""
                    out += "<br><span class=\"dev\">on \(Self.escape(devices)): \(Self.escape(other.text))</span>"
                }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n"
    }
}
