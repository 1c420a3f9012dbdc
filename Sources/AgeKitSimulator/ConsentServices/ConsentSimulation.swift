import AgeSignals
import Foundation
import SignificantChanges

/// Runs a ``ConsentScenario`` to its end on simulated time: launches that read the rating
/// code, the flow's actions performed against the fakes (permission center, acknowledgment,
/// synced ledger), guardian answers and the app's timeout delivered when their time comes.
public struct ConsentSimulation: Sendable {
    /// What the run starts from.
    public let scenario: ConsentScenario

    /// A simulation of `scenario`.
    public init(_ scenario: ConsentScenario) {
        self.scenario = scenario
    }

    /// Where a run ended, and the fakes it ran against, for inspection.
    public struct Result: Sendable {
        /// The flow as the run left it.
        public let flow: SignificantChangeFlow
        /// Every event and action of the run, in time order.
        public let timeline: [TimelineEntry]
        /// The permission center, with the questions asked.
        public let permissionCenter: SimulatedPermissionCenter
        /// The acknowledgment presenter, with what was shown.
        public let acknowledgments: SimulatedAcknowledgmentPresenter
        /// The synced ledger of acknowledgments the run wrote.
        public let ledger: AcknowledgmentLedger
        /// The simulated time when the run ended.
        public let end: Date
    }

    /// Runs until no launch, answer or timeout is left.
    public func run(store: any SyncedKeyValueStore = InMemorySyncedStore()) async -> Result {
        var runner = Runner(scenario: scenario, store: store)
        await runner.run()
        return Result(
            flow: runner.flow, timeline: runner.timeline, permissionCenter: runner.center,
            acknowledgments: runner.presenter, ledger: runner.ledger,
            end: runner.clock.now)
    }
}

private struct Runner {
    let scenario: ConsentScenario
    let clock: SimulatedClock
    let center: SimulatedPermissionCenter
    let presenter: SimulatedAcknowledgmentPresenter
    let ratingCodes: RatingCodeSequence
    let ledger: AcknowledgmentLedger
    var flow: SignificantChangeFlow
    var timeline: [TimelineEntry] = []

    init(scenario: ConsentScenario, store: any SyncedKeyValueStore) {
        self.scenario = scenario
        clock = SimulatedClock(start: scenario.start)
        center = SimulatedPermissionCenter(
            behavior: scenario.guardian, personIsAdult: scenario.permissionServiceSeesAdult ?? scenario.subject.isAdult,
            clock: clock)
        presenter = SimulatedAcknowledgmentPresenter(acknowledges: scenario.acknowledges)
        ratingCodes = RatingCodeSequence(scenario.ratingCodes)
        ledger = AcknowledgmentLedger(store: store, personID: scenario.personID)
        var entries: [String: LedgerEntry] = [:]
        for change in scenario.catalog.changes { entries[change.id] = ledger.entry(for: change.id) }
        flow = SignificantChangeFlow(
            catalog: scenario.catalog, originalVersion: scenario.originalVersion,
            router: ConsentRouter(settings: scenario.settings, capabilities: scenario.capabilities),
            requestTimeout: scenario.requestTimeout, ledger: entries)
    }

    mutating func run() async {
        let launches = max(1, scenario.ratingCodes.count)
        for launch in 0..<launches {
            let launchTime = scenario.start.addingTimeInterval(Double(launch) * scenario.launchInterval)
            await advance(until: launchTime)
            clock.set(launchTime)
            if launch == 0 {
                await apply(.evaluate(subject: scenario.subject, features: scenario.features))
            }
            if !scenario.ratingCodes.isEmpty {
                await apply(.ratingCode(await ratingCodes.ageRatingCode()))
            }
        }
        await advance(until: .distantFuture)
    }

    /// Delivers answers and timeouts in time order up to `limit`.
    mutating func advance(until limit: Date) async {
        while let next = nextDue(), next <= limit {
            clock.set(next)
            for item in center.deliverResponses(until: next) {
                await apply(.guardianResponse(item.response))
            }
            if nextExpiry().map({ $0 <= next }) == true {
                await apply(.tick)
            }
        }
    }

    func nextDue() -> Date? {
        [center.nextResponseTime, nextExpiry()].compactMap { $0 }.min()
    }

    func nextExpiry() -> Date? {
        flow.changes.compactMap { progress -> Date? in
            guard case .pending(_, let expiresAt) = progress.request?.state else { return nil }
            return expiresAt
        }.min()
    }

    /// Hands an event to the flow and performs its actions, which may raise further events.
    mutating func apply(_ first: SignificantChangeFlow.Event) async {
        var queue = [first]
        while !queue.isEmpty {
            let event = queue.removeFirst()
            let now = clock.now
            if event != .tick { timeline.append(TimelineEntry(at: now, kind: .event, summary: describe(event))) }
            for action in flow.handle(event, at: now) {
                timeline.append(TimelineEntry(at: now, kind: .action, summary: action.summary))
                queue += await perform(action, at: now)
            }
        }
    }

    /// The event's summary, naming the change a guardian's answer belongs to.
    func describe(_ event: SignificantChangeFlow.Event) -> FlowSummary {
        let summary = event.summary
        let questionID: String? =
            switch event {
            case .guardianResponse(let response): response.questionID
            case .childCancelled(let id): id
            default: nil
            }
        guard summary.changeID == nil, let questionID,
            let change = flow.changes.first(where: { $0.request?.questionIDs.contains(questionID) == true })
        else { return summary }
        return FlowSummary(summary.name, change.id, summary.detail)
    }

    func perform(_ action: SignificantChangeFlow.Action, at now: Date) async -> [SignificantChangeFlow.Event] {
        switch action {
        case .askGuardian(let question):
            do {
                try await center.ask(question)
                return [.questionSent(changeID: question.changeID, questionID: question.id)]
            } catch {
                return [.askFailed(changeID: question.changeID, error)]
            }
        case .showAcknowledgment(let id, let description, let presentation):
            let acknowledged = await presenter.presentAcknowledgment(
                description: description, presentation: presentation)
            return acknowledged ? [.acknowledged(changeID: id)] : []
        case .record(let id, let resolution, let time):
            ledger.recordResolution(resolution, for: id, at: time)
            return []
        case .recordDenial(let id, let time):
            ledger.recordDenial(for: id, at: time)
            return []
        case .requestAgeRangeAgain:
            // The system's cached answer, unless the scenario says it changed.
            return [.evaluate(subject: scenario.ageReadAgain ?? scenario.subject, features: scenario.features)]
        default:
            return []
        }
    }
}
