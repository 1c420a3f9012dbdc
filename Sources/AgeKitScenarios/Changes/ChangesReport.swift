import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// What `agekit changes` prints, as text or JSON (stable keys: `route`, `pending`,
/// `acknowledged`, `blocked`, `requests`, `timeline`, ...).
package struct ChangesReport: Encodable {
    package struct Request: Encodable {
        package var change: String
        package var state: String
        package var questions: [String]
        package var denials: [String]
        package var sentAt: String?
        package var expiresAt: String?
    }

    package struct Entry: Encodable {
        package var at: String
        package var kind: String
        package var name: String
        package var change: String?
        package var detail: String
    }

    package struct Rating: Encodable {
        package var baseline: Int?
        package var pendingChange: [Int]?
    }

    package var persona: String
    package var region: String
    package var platform: String
    package var os: String
    package var originalVersion: String?
    package var subject: String
    package var features: [String]
    package var featuresSource: String
    package var guardian: String
    package var route: String
    package var routeReason: String
    package var applies: [String]
    package var exempt: [String]
    /// Why the original version exempts nothing, per change (or for all of them).
    package var exemptionNotes: [String]
    package var ageAnswer: String
    package var pending: [String]
    package var acknowledged: [String]
    package var cleared: [String]
    package var blocked: [String]
    package var requests: [Request]
    package var rating: Rating
    package var timeline: [Entry]
    package var scenario: ScenarioFacts

    /// - Parameters:
    ///   - originalVersionNote: why the original version given exempts nothing (it does not parse).
    ///   - guardianName: the guardian given; nil takes the persona's.
    ///   - ageAnswer: what the age request gave: shared, declined or unavailable.
    package init(
        scenario options: ScenarioOptions, originalVersion: AppVersion?, originalVersionNote: String?,
        guardianName: String?, ageAnswer: String, answer: ConsentScenario.PersonaAnswer,
        result: ConsentSimulation.Result
    ) {
        let flow = result.flow
        persona = options.personDescription
        region = options.region.id
        platform = options.capabilities.platform.rawValue
        os = options.capabilities.os.description
        self.originalVersion = originalVersion?.description
        subject = answer.subject.rawValue
        features = answer.features.map(\.rawValue).sorted()
        featuresSource = answer.featuresSource
        guardian = guardianName ?? "persona default (\(options.person.guardianAnswer.rawValue))"
        route = flow.decision?.route.name ?? "none"
        // The route's reason names where its features came from (reported, synced or inferred).
        routeReason = flow.decision.map { "\($0.reason); features \(answer.featuresSource)" } ?? ""
        applies = flow.changes.filter { $0.status != .exempt }.map(\.id)
        exempt = flow.changes.filter { $0.status == .exempt }.map(\.id)
        var notes = originalVersionNote.map { [$0] } ?? []
        if originalVersion != nil {
            for progress in flow.changes {
                if case .notComparable(let reason) = progress.exemption { notes.append("\(progress.id): \(reason)") }
            }
        }
        exemptionNotes = notes
        self.ageAnswer = ageAnswer
        pending = flow.pendingIDs
        acknowledged = flow.acknowledgedIDs
        cleared = flow.changes.filter { $0.status == .cleared }.map(\.id)
        blocked = flow.blockedScope?.names ?? []
        requests = flow.changes.compactMap { progress in
            guard let request = progress.request else { return nil }
            var sentAt: String?
            var expiresAt: String?
            if case .pending(let sent, let expires) = request.state {
                sentAt = Self.time(sent)
                expiresAt = Self.time(expires)
            }
            return Request(
                change: progress.id, state: request.state.name, questions: request.questionIDs,
                denials: request.denials.map(Self.time), sentAt: sentAt, expiresAt: expiresAt)
        }
        scenario = ScenarioFacts(options, appCadence: nil)
        rating = Rating(
            baseline: flow.ratingWatch.baseline,
            pendingChange: flow.ratingWatch.pendingChange.map { [$0.old, $0.new] })
        timeline = result.timeline.map { entry in
            Entry(
                at: Self.time(entry.at), kind: entry.kind.rawValue, name: entry.summary.name,
                change: entry.summary.changeID, detail: entry.summary.detail)
        }
    }

    package static func time(_ date: Date) -> String { date.formatted(.iso8601) }

    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    package func text() -> String {
        let note = ScenarioOptions.note(defaults: scenario.defaults, notHonoured: scenario.notHonoured)
        func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
        var lines = [
            "Significant changes for \(persona) in \(region) on \(platform) \(os), \(scenario.date)"
                + (originalVersion.map { ", installed \($0)" } ?? "") + note,
            "Region rule: \(scenario.regionRule.text)",
            "Person: \(subject); features: [\(features.joined(separator: ", "))] (\(featuresSource))",
            "Route: \(route): \(routeReason)",
            "",
            "Timeline:",
        ]
        let nameWidth = timeline.reduce(0) { max($0, $1.name.count) }
        for entry in timeline {
            let marker = entry.kind == "event" ? ">" : " "
            let name = entry.name + String(repeating: " ", count: nameWidth - entry.name.count)
            let change = entry.change.map { "[\($0)] " } ?? ""
            let line = "  \(entry.at) \(marker) \(name)  \(change)\(entry.detail)"
            lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
        }
        lines += [
            "",
            "Applies:      \(list(applies))",
            "Exempt:       \(list(exempt))",
        ]
        lines += exemptionNotes.map { "  not exempt: \($0)" }
        lines += [
            "Pending:      \(list(pending))",
            "Acknowledged: \(list(acknowledged))",
            "Blocked:      \(list(blocked))",
        ]
        for request in requests {
            let denials = request.denials.isEmpty ? "" : ", denied at \(request.denials.joined(separator: ", "))"
            lines.append(
                "Request \(request.change): \(request.state) (questions \(request.questions.joined(separator: ", "))\(denials))"
            )
        }
        lines.append(
            "Rating baseline: \(rating.baseline.map(String.init) ?? "none")"
                + (rating.pendingChange.map { ", unresolved change \($0[0]) -> \($0[1])" } ?? ""))
        return lines.joined(separator: "\n")
    }
}
