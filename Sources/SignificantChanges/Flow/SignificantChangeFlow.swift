import AgeSignals
import Foundation

/// The significant-change lifecycle for one person on one device, as a pure value: events
/// in (with the time), actions out. The caller performs the actions (block a scope, send a
/// question, write the ledger) and reports what happened as events.
public struct SignificantChangeFlow: Sendable {
    /// The app's significant changes.
    public let catalog: ChangeCatalog
    /// The version the person first installed; nil when unknown, which exempts nobody.
    public let originalVersion: AppVersion?
    /// Decides who is asked or told about each change.
    public let router: ConsentRouter
    /// How long a guardian question stays pending before the app offers to ask again.
    public let requestTimeout: TimeInterval
    /// The App Store rating baseline and any rating change waiting for consent.
    public internal(set) var ratingWatch: RatingWatch
    /// The latest routing decision (nil until the first ``Event/evaluate(subject:features:)``).
    public internal(set) var decision: ConsentRouter.Decision?
    /// Every change in catalog order, then rating changes.
    public internal(set) var changes: [ChangeProgress] = []
    /// What the ledger holds for this person, as far as this device knows.
    public internal(set) var ledger: [String: LedgerEntry]
    private var lastEvaluation: (subject: ConsentSubject, features: Set<RegulatoryFeature>)?

    /// A flow at launch: each change of the catalog starts exempt, resolved from the ledger, or pending.
    public init(
        catalog: ChangeCatalog, originalVersion: AppVersion?, router: ConsentRouter,
        requestTimeout: TimeInterval = GuardianRequest.defaultTimeout, ratingWatch: RatingWatch = RatingWatch(),
        ledger: [String: LedgerEntry] = [:]
    ) {
        self.catalog = catalog
        self.originalVersion = originalVersion
        self.router = router
        self.requestTimeout = requestTimeout
        self.ratingWatch = ratingWatch
        self.ledger = ledger
        for change in catalog.changes {
            if let appVersion = catalog.appVersion, change.introducedIn > appVersion { continue }
            let exemption = change.exemption(originalVersion: originalVersion, platform: router.capabilities.platform)
            let status: ChangeProgress.Status =
                if exemption.isExempt {
                    .exempt
                } else {
                    Self.status(for: ledger[change.id]) ?? .pending
                }
            var progress = ChangeProgress(change: change, status: status)
            progress.exemption = exemption
            changes.append(progress)
        }
        if let pending = ratingWatch.pendingChange { addRatingChange(pending) }
    }

    // MARK: What the app renders

    /// Where the change `changeID` stands; nil for an unknown change.
    public func progress(_ changeID: String) -> ChangeProgress? { changes.first { $0.id == changeID } }

    /// Changes still waiting for consent or acknowledgment.
    public var pendingIDs: [String] { changes.filter { $0.status == .pending }.map(\.id) }
    /// Changes exempt, approved or acknowledged.
    public var acknowledgedIDs: [String] { changes.filter(\.status.countsAsAcknowledged).map(\.id) }
    /// The scopes the person must not reach right now.
    public var blockedScope: ChangeScope? { ChangeScope.union(changes.filter(\.isBlocked).map(\.change.scope)) }
    /// True when nothing is left to do.
    public var isSettled: Bool { pendingIDs.isEmpty }

    // MARK: Events

    /// Takes one event at `now` and returns what to perform; an event with no effect returns ``Action/ignored(_:)``.
    public mutating func handle(_ event: Event, at now: Date) -> [Action] {
        switch event {
        case .evaluate(let subject, let features):
            return evaluate(subject: subject, features: features, at: now)
        case .ledgerChanged(let changeID, let entry):
            return ledgerChanged(changeID, entry, at: now)
        case .ratingCode(let code):
            return observeRating(code, at: now)
        case .questionSent(let changeID, let questionID):
            return withRequest(of: changeID, .questionSent(id: questionID), at: now)
        case .askFailed(let changeID, let error):
            return askFailed(changeID, error, at: now)
        case .guardianResponse(let response):
            guard
                let index = changes.firstIndex(where: { $0.request?.questionIDs.contains(response.questionID) == true })
            else { return [.ignored("response to unknown question \(response.questionID)")] }
            return withRequest(
                of: changes[index].id, .response(questionID: response.questionID, approved: response.approved),
                at: now)
        case .childCancelled(let questionID):
            guard let index = changes.firstIndex(where: { $0.request?.questionIDs.contains(questionID) == true })
            else { return [.ignored("cancellation of unknown question \(questionID)")] }
            return withRequest(of: changes[index].id, .childCancelled(questionID: questionID), at: now)
        case .acknowledged(let changeID):
            return acknowledge(changeID, at: now)
        case .retry(let changeID):
            return retry(changeID, at: now)
        case .tick:
            return changes.indices.flatMap { index in
                changes[index].request == nil ? [] : withRequest(of: changes[index].id, .tick, at: now)
            }
        }
    }

    static func status(for entry: LedgerEntry?) -> ChangeProgress.Status? {
        switch entry?.resolution {
        case .approved: .approved
        case .acknowledged: .acknowledged
        case nil: nil
        }
    }

    func index(of changeID: String) -> Int? { changes.firstIndex { $0.id == changeID } }

    mutating func addRatingChange(_ ratingChange: RatingChange) {
        let change = catalog.ratingChange.change(
            from: ratingChange.old, to: ratingChange.new, appVersion: catalog.appVersion)
        let status = Self.status(for: ledger[change.id]) ?? .pending
        changes.append(ChangeProgress(change: change, ratingChange: ratingChange, status: status))
    }

    /// Remembers the answer so a later rating change can be routed without a new evaluation.
    mutating func remember(subject: ConsentSubject, features: Set<RegulatoryFeature>) {
        lastEvaluation = (subject, features)
    }

    var hasEvaluated: Bool { lastEvaluation != nil }
}
