extension ExploreHTML {
    /// The cells of one region on one date, by person, answer, platform and OS.
    package struct Group {
        package var region: String
        package var date: String
        package var cells: [String: ExploreReport.Cell] = [:]

        package var id: String { "s-\(region)-\(date)" }
    }

    /// A merged matrix row: the people and answers whose outcomes match in every column.
    package struct Row: Hashable {
        package var members: [String]
        package var outcomes: [Int]
    }

    package static func slot(_ person: String, _ answer: String, _ platform: String, _ os: String) -> String {
        "\(person)/\(answer)/\(platform)/\(os)"
    }

    package func groups() -> [Group] {
        var order: [String] = []
        var groups: [String: Group] = [:]
        for cell in report.cells {
            let id = "\(cell.key.region)|\(cell.key.date)"
            if groups[id] == nil {
                order.append(id)
                groups[id] = Group(region: cell.key.region, date: cell.key.date)
            }
            groups[id]!.cells[Self.slot(cell.key.person, cell.key.answer, cell.key.platform, cell.key.os)] = cell
        }
        return order.map { groups[$0]! }
    }

    /// The merged rows of one subsystem's matrix, grouped by the outcome of their first column.
    package func rows(_ group: Group, _ subsystem: String, columns: [(String, String)]) -> [Row] {
        var rows: [Row] = []
        var position: [[Int]: Int] = [:]
        for person in report.axes.persons {
            for answer in report.axes.answers {
                let outcomes = columns.map { platform, os -> Int in
                    guard let cell = group.cells[Self.slot(person, answer, platform, os)] else { return -1 }
                    switch subsystem {
                    case "age": return cell.age
                    case "launch": return cell.launch
                    default: return cell.changes
                    }
                }
                guard outcomes.contains(where: { $0 >= 0 }) else { continue }
                if let index = position[outcomes] {
                    rows[index].members.append("\(person)/\(answer)")
                } else {
                    position[outcomes] = rows.count
                    rows.append(Row(members: ["\(person)/\(answer)"], outcomes: outcomes))
                }
            }
        }
        let order = Dictionary(
            uniqueKeysWithValues: (Self.categories.first { $0.subsystem == subsystem }?.classes ?? [])
                .enumerated().map { ($1.name, $0) })
        return rows.enumerated().sorted { left, right in
            let a = left.element.outcomes.first { $0 >= 0 }.map { order[categoryName(subsystem, $0)] ?? 99 } ?? 99
            let b = right.element.outcomes.first { $0 >= 0 }.map { order[categoryName(subsystem, $0)] ?? 99 } ?? 99
            return (a, left.offset) < (b, right.offset)
        }.map(\.element)
    }

    package func categoryName(_ subsystem: String, _ index: Int) -> String {
        switch subsystem {
        case "age": report.ageOutcomes[index].category
        case "launch": report.launchOutcomes[index].category
        default: report.changesOutcomes[index].category
        }
    }

    package func code(_ subsystem: String, _ index: Int) -> String {
        switch subsystem {
        case "age": report.ageOutcomes[index].code
        case "launch": report.launchOutcomes[index].code
        default: report.changesOutcomes[index].code
        }
    }

    package func matrices(_ out: inout String) {
        let columns = report.axes.platforms.flatMap { platform in report.axes.versions.map { (platform, $0) } }
        var seen: [[[Row]]: Group] = [:]
        out += "<section id=\"matrices\">\n"
        for group in groups() {
            let tables = ["age", "launch", "changes"].map { rows(group, $0, columns: columns) }
            out +=
                "<section class=\"rd\" id=\"\(group.id)\" data-region=\"\(group.region)\" data-date=\"\(group.date)\""
            // Which date the region follows (Apple's rollout or the law's), said for every group.
            let rule = report.regionRules?["\(group.region) \(group.date)"].map {
                "<p class=\"meta\">\(Self.escape($0)).</p>"
            }
            if let earlier = seen[tables] {
                out += " data-same=\"\(earlier.id)\"><h2>\(Self.escape(group.region)) on \(group.date)</h2>"
                out += rule ?? ""
                out +=
                    "<p>The same outcomes, cell for cell, as <a href=\"#\(earlier.id)\">\(Self.escape(earlier.region))"
                out += " on \(earlier.date)</a>.</p></section>\n"
                continue
            }
            seen[tables] = group
            out += "><h2>\(Self.escape(group.region)) on \(group.date)</h2>\n" + (rule ?? "")
            for (subsystem, rows) in zip(["age", "launch", "changes"], tables) {
                table(subsystem, rows, out: &out)
            }
            out += "</section>\n"
        }
        out += "</section>\n"
    }

    /// At most this many platforms side by side: seven OS versions each, four platforms and
    /// the row names fit a 1,400 px page; the others wrap below.
    package static let platformsPerTable = 4

    /// One subsystem's matrix, its platforms wrapped into tables of ``platformsPerTable``, with
    /// the legend of its colours and letters beside it.
    private func table(_ subsystem: String, _ rows: [Row], out: inout String) {
        let versions = report.axes.versions
        out += "<h3>\(Self.titles[subsystem] ?? subsystem)</h3><div class=\"mx\"><div>"
        var first = 0
        while first < report.axes.platforms.count {
            let platforms = Array(
                report.axes.platforms[first..<min(first + Self.platformsPerTable, report.axes.platforms.count)])
            let columns = platforms.flatMap { platform in versions.map { "\(platform)/\($0)" } }
            chunk(subsystem, rows, platforms: platforms, offset: first * versions.count, columns: columns, out: &out)
            first += Self.platformsPerTable
        }
        out += "</div>"
        legend(subsystem, &out)
        out += "</div>\n"
    }

    private func chunk(
        _ subsystem: String, _ rows: [Row], platforms: [String], offset: Int, columns: [String], out: inout String
    ) {
        let prefix = subsystem.prefix(1)
        out += "<table class=\"m\" data-subsystem=\"\(subsystem)\" data-columns=\"\(columns.joined(separator: " "))\">"
        out += "<thead><tr><th rowspan=\"2\">person: answers</th>"
        for platform in platforms {
            out += "<th colspan=\"\(report.axes.versions.count)\">\(platform)</th>"
        }
        out += "</tr><tr>"
        for _ in platforms {
            for version in report.axes.versions { out += "<th>\(version)</th>" }
        }
        out += "</tr></thead><tbody>\n"
        for row in rows {
            out += "<tr data-rows=\"\(row.members.joined(separator: " "))\"><th>\(Self.escape(label(row.members)))</th>"
            for index in row.outcomes[offset..<offset + columns.count] {
                guard index >= 0 else {
                    out += "<td></td>"
                    continue
                }
                out += "<td class=\"\(categoryName(subsystem, index))\"><a href=\"#\(prefix)\(index)\">"
                out += "\(code(subsystem, index))</a></td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n"
    }

    /// The colours and letters of one subsystem, beside its matrix.
    private func legend(_ subsystem: String, _ out: inout String) {
        out += "<aside class=\"key\"><b>Colours</b><br>"
        for entry in Self.categories.first(where: { $0.subsystem == subsystem })?.classes ?? [] {
            out += "<span class=\"sw \(entry.name)\"></span>\(Self.escape(entry.text))<br>"
        }
        out +=
            "<b>Letters</b><br>\(Self.escape(Self.letters[subsystem] ?? "").replacingOccurrences(of: ", ", with: "<br>"))"
        out += "</aside>"
    }

    /// "under13-approved: declared, declined; age-12: declared".
    package func label(_ members: [String]) -> String {
        var order: [String] = []
        var answers: [String: [String]] = [:]
        for member in members {
            let parts = member.split(separator: "/").map(String.init)
            if answers[parts[0]] == nil { order.append(parts[0]) }
            answers[parts[0], default: []].append(parts[1])
        }
        return order.map { "\($0): \(answers[$0]!.joined(separator: ", "))" }.joined(separator: "; ")
    }
}
