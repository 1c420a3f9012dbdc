extension ExploreHTML {
    /// Every distinct outcome once, as a closed `<details>` the matrix cells link to (a
    /// browser opens it when its link is followed).
    package func trails(_ out: inout String) {
        let spans = spans()
        func open(
            _ prefix: String, _ index: Int, _ category: String, _ code: String, _ label: String, _ out: inout String
        ) {
            let span = spans[prefix]?[index] ?? Span()
            out +=
                "<details class=\"trail\" id=\"\(prefix)\(index)\"><summary><span class=\"sw \(category)\">\(code)</span>"
            out +=
                "\(prefix)\(index): \(Self.escape(label))<br><span class=\"dev\">\(describe(span, verb: "Explains"))</span>"
            out += "</summary>"
        }
        out +=
            "<section id=\"trails\"><h2>Decision trails</h2>\n<p>Each trail says which cells it explains (the people,"
        out +=
            " answers, platforms, OS versions and regions on dates where it is the outcome).</p>\n<h3>Age gate</h3>\n"
        for (index, age) in report.ageOutcomes.enumerated() {
            open("a", index, age.category, age.code, age.label, &out)
            var rows: [(String, String)] = [
                ("system returns", age.response), ("signals", age.signals), ("asked", age.askedAt),
                (
                    "policy",
                    age.policy
                        + (age.tier.map {
                            " \($0), \(age.source ?? ""), communication limits \(age.communicationLimited == true ? "on" : "off")"
                        } ?? "")
                ),
            ]
            for feature in age.features {
                let step = feature.nextStep == "none" ? "" : "; next: \(feature.nextStep)"
                rows.append(
                    ("feature \(feature.name)", "\(feature.allowed ? "open" : "closed"): \(feature.reason)\(step)"))
            }
            let stored = age.stored.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
            rows.append(("stored", stored.isEmpty ? "nothing" : stored.joined(separator: "; ")))
            if let again = age.askedAgainAtRelaunch {
                rows.append(("next launch", again ? "asks again" : "does not ask"))
            }
            facts(rows, &out)
        }
        out += "<h3>Privacy launch</h3>\n"
        for (index, launch) in report.launchOutcomes.enumerated() {
            open("l", index, launch.category, launch.code, launch.label, &out)
            out += "<table><tr><th>step</th><th>decision</th><th>rule</th><th>reason</th></tr>"
            for step in launch.steps {
                out += "<tr><td>\(step.step)</td><td>\(Self.escape(step.decision))</td>"
                out += "<td>\(Self.escape(step.rule ?? ""))</td><td>\(Self.escape(step.reason))</td></tr>"
            }
            out += "</table>"
            facts(
                [
                    ("age answer", launch.ageAnswer + (launch.ageRule.map { " (\($0))" } ?? "")),
                    ("message", launch.message ?? "none"), ("actions", launch.actions.joined(separator: ", ")),
                ], &out)
        }
        out += "<h3>Significant changes</h3>\n"
        for (index, changes) in report.changesOutcomes.enumerated() {
            open("c", index, changes.category, changes.code, changes.label, &out)
            func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
            facts(
                [
                    ("person", changes.subject),
                    ("features", "\(list(changes.features)) (\(changes.featuresSource))"),
                    ("route", "\(changes.route): \(changes.routeReason)"), ("applies", list(changes.applies)),
                    ("exempt", list(changes.exempt)), ("requests", list(changes.requests)),
                    ("pending", list(changes.pending)), ("acknowledged", list(changes.acknowledged)),
                    ("blocked", list(changes.blocked)), ("timeline", changes.timeline.joined(separator: "\n")),
                ], &out)
        }
        out += "</section>\n"
    }

    private func facts(_ rows: [(String, String)], _ out: inout String) {
        out += "<table>"
        for (name, value) in rows {
            out +=
                "<tr><th>\(Self.escape(name))</th><td>\(Self.escape(value).replacingOccurrences(of: "\n", with: "<br>"))</td></tr>"
        }
        out += "</table></details>\n"
    }
}
