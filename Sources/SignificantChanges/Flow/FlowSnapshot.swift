import Foundation

/// What a flow must remember between launches: the rating baseline, the guardian requests
/// (so that an answer arriving after a relaunch is still recognised). Consent itself lives in
/// the ledger; who the person is comes from the age answer at every launch, never from an
/// error the permission service once threw.
public struct FlowSnapshot: Hashable, Sendable, Codable {
    /// The rating baseline and any rating change waiting for consent.
    public var ratingWatch: RatingWatch
    /// The guardian requests, so that an answer after a relaunch is still recognised.
    public var requests: [GuardianRequest]
    /// Questions sent so far per change ID, so the next question gets a new number.
    public var questionCounts: [String: Int]

    /// A snapshot; the default is a first launch.
    public init(
        ratingWatch: RatingWatch = RatingWatch(), requests: [GuardianRequest] = [], questionCounts: [String: Int] = [:]
    ) {
        self.ratingWatch = ratingWatch
        self.requests = requests
        self.questionCounts = questionCounts
    }
}

extension SignificantChangeFlow {
    /// The state to persist (the app chooses where; it holds no age data).
    public var snapshot: FlowSnapshot {
        FlowSnapshot(
            ratingWatch: ratingWatch, requests: changes.compactMap(\.request),
            questionCounts: Dictionary(
                changes.filter { $0.attempts > 0 }.map { ($0.id, $0.attempts) }, uniquingKeysWith: max))
    }

    /// A flow at launch, picking up where the last launch left off.
    public init(
        catalog: ChangeCatalog, originalVersion: AppVersion?, router: ConsentRouter,
        requestTimeout: TimeInterval = GuardianRequest.defaultTimeout, restoring snapshot: FlowSnapshot,
        ledger: [String: LedgerEntry] = [:]
    ) {
        self.init(
            catalog: catalog, originalVersion: originalVersion, router: router, requestTimeout: requestTimeout,
            ratingWatch: snapshot.ratingWatch, ledger: ledger)
        for request in snapshot.requests {
            guard let index = index(of: request.changeID) else { continue }
            changes[index].request = request
            changes[index].attempts = snapshot.questionCounts[request.changeID] ?? request.questionIDs.count
        }
    }
}
