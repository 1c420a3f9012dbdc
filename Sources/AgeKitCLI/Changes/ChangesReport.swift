import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// What `agekit changes` prints, as text or JSON (stable keys: `route`, `pending`,
/// `acknowledged`, `blocked`, `requests`, `timeline`, ...).
struct ChangesReport: Encodable {
    struct Request: Encodable {
        var change: String
        var state: String
        var questions: [String]
        var denials: [String]
        var sentAt: String?
        var expiresAt: String?
    }

    struct Entry: Encodable {
        var at: String
        var kind: String
        var name: String
        var change: String?
        var detail: String
    }

    struct Rating: Encodable {
        var baseline: Int?
        var pendingChange: [Int]?
    }

    var persona: String
    var region: String
    var platform: String
    var os: String
    var originalVersion: String?
    var subject: String
    var features: [String]
    var featuresSource: String
    var guardian: String
    var route: String
    var routeReason: String
    var applies: [String]
    var exempt: [String]
    /// Why the original version exempts nothing, per change (or for all of them).
    var exemptionNotes: [String]
    var ageAnswer: String
    var pending: [String]
    var acknowledged: [String]
    var cleared: [String]
    var blocked: [String]
    var requests: [Request]
    var rating: Rating
    var timeline: [Entry]
    var scenario: ScenarioFacts

    init(options: ChangesOptions, answer: ConsentScenario.PersonaAnswer, result: ConsentSimulation.Result) {
        let flow = result.flow
        persona = options.scenario.personDescription
        region = options.region.id
        platform = options.capabilities.platform.rawValue
        os = options.capabilities.os.description
        originalVersion = options.originalVersion?.description
        subject = answer.subject.rawValue
        features = answer.features.map(\.rawValue).sorted()
        featuresSource = answer.featuresSource
        guardian = options.guardianName ?? "persona default (\(options.scenario.person.guardianAnswer.rawValue))"
        route = flow.decision?.route.name ?? "none"
        // The route's reason names where its features came from (reported, synced or inferred).
        routeReason = flow.decision.map { "\($0.reason); features \(answer.featuresSource)" } ?? ""
        applies = flow.changes.filter { $0.status != .exempt }.map(\.id)
        exempt = flow.changes.filter { $0.status == .exempt }.map(\.id)
        var notes = options.originalVersionNote.map { [$0] } ?? []
        if options.originalVersion != nil {
            for progress in flow.changes {
                if case .notComparable(let reason) = progress.exemption { notes.append("\(progress.id): \(reason)") }
            }
        }
        exemptionNotes = notes
        ageAnswer = options.ageAnswer.rawValue
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
        scenario = ScenarioFacts(options.scenario, appCadence: nil)
        rating = Rating(
            baseline: flow.ratingWatch.baseline,
            pendingChange: flow.ratingWatch.pendingChange.map { [$0.old, $0.new] })
        timeline = result.timeline.map { entry in
            Entry(
                at: Self.time(entry.at), kind: entry.kind.rawValue, name: entry.summary.name,
                change: entry.summary.changeID, detail: entry.summary.detail)
        }
    }

    static func time(_ date: Date) -> String { date.formatted(.iso8601) }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    func text() -> String {
        let note = ScenarioOptions.note(defaults: scenario.defaults, notHonoured: scenario.notHonoured)
        func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
        var lines = [
            "Significant changes for \(persona) in \(region) on \(platform) \(os), \(scenario.date)"
                + (originalVersion.map { ", installed \($0)" } ?? "") + note,
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
