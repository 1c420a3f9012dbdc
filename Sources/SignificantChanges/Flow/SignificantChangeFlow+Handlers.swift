import AgeSignals
import Foundation

extension SignificantChangeFlow {
    mutating func evaluate(subject: ConsentSubject, features: Set<RegulatoryFeature>, at now: Date) -> [Action] {
        var actions: [Action] = []
        if !hasEvaluated {
            for progress in changes {
                switch progress.exemption {
                case .exempt:
                    actions.append(.exempt(changeID: progress.id, installedVersion: originalVersion ?? AppVersion(0)))
                case .notComparable(let reason) where originalVersion != nil:
                    actions.append(.exemptionNotComparable(changeID: progress.id, reason: reason))
                default:
                    break
                }
            }
        }
        remember(subject: subject, features: features)
        let decision = router.route(subject: subject, features: features)
        self.decision = decision
        actions.append(.routed(decision))
        for index in changes.indices where changes[index].status == .pending || changes[index].status == .cleared {
            actions += begin(index, route: decision.route, at: now)
        }
        return actions
    }

    /// Puts one unresolved change on `route`. A change already on that route keeps its state
    /// (a pending question is not sent twice); a guardian request survives a change of route
    /// so that a late approval is still heard.
    mutating func begin(_ index: Int, route: ConsentRoute, at now: Date) -> [Action] {
        let id = changes[index].id
        if changes[index].route == route { return [] }
        changes[index].route = route
        if route == .clear {
            changes[index].status = .cleared
            return unblockIfNeeded(index) + resolveRating(index)
                + [.ended(changeID: id, .cleared, reason: "no significant-change feature applies")]
        }
        changes[index].status = .pending
        var actions: [Action] = []
        if !changes[index].isBlocked {
            changes[index].isBlocked = true
            actions.append(.block(changeID: id, changes[index].change.scope))
        }
        switch route {
        case .clear:
            break
        case .guardianQuestion, .guardianButton:
            actions += askGuardian(index, at: now)
        case .acknowledgment(let presentation):
            actions.append(
                .showAcknowledgment(changeID: id, description: changes[index].change.description, presentation))
        case .blockUntilVerified:
            actions.append(.explainBlocked(changeID: id, .verifyAccountInSettings))
        case .blockWithRetry:
            actions.append(.explainBlocked(changeID: id, .shareAgeRangeToContinue))
        case .otherDevice:
            actions.append(.routeToOtherDevice(changeID: id, description: changes[index].change.description))
        }
        return actions
    }

    /// A new question, unless one is already on its way or answered no.
    mutating func askGuardian(_ index: Int, at now: Date) -> [Action] {
        var request = changes[index].request ?? GuardianRequest(changeID: changes[index].id, timeout: requestTimeout)
        switch request.state {
        case .pending, .denied, .approved: return []
        case .expired: _ = request.handle(.retry, at: now)
        case .notAsked: break
        }
        changes[index].attempts += 1
        changes[index].request = request
        let question = GuardianQuestion(
            id: "\(changes[index].id)#\(changes[index].attempts)", changeID: changes[index].id,
            description: changes[index].change.description, expiresAt: now.addingTimeInterval(requestTimeout))
        return [.askGuardian(question)]
    }

    /// Feeds an event to a change's guardian request and turns its actions into the flow's.
    mutating func withRequest(of changeID: String, _ event: GuardianRequest.Event, at now: Date) -> [Action] {
        guard let index = index(of: changeID), var request = changes[index].request else {
            return [.ignored("no guardian request for change \(changeID)")]
        }
        let alreadyResolved = changes[index].status != .pending
        let requestActions = request.handle(event, at: now)
        changes[index].request = request
        var actions: [Action] = []
        for action in requestActions {
            switch action {
            case .askGuardian:
                actions += askGuardian(index, at: now)
            case .showPending(let expiresAt):
                actions.append(.showPending(changeID: changeID, expiresAt: expiresAt))
            case .recordApproval(let time):
                if alreadyResolved {
                    actions.append(
                        .ignored("approval of \(changeID), which is already \(changes[index].status.rawValue)"))
                } else {
                    actions += resolve(index, .approved, at: time, reason: "a guardian approved", record: true)
                }
            case .recordDenial(let time):
                ledger[changeID, default: LedgerEntry()].recordDenial(at: time)
                actions.append(.recordDenial(changeID: changeID, at: time))
            case .unblock:
                break  // resolve(...) unblocks; an approval from elsewhere is resolved by the ledger.
            case .showDenied(let canRetry):
                actions.append(.showDenied(changeID: changeID, canRetry: canRetry))
            case .showExpired(let canRetry):
                actions.append(.showExpired(changeID: changeID, canRetry: canRetry))
            case .ignored(let reason):
                actions.append(.ignored(reason))
            }
        }
        return actions
    }

    /// Ends a change's flow as approved or acknowledged: record (when this device decided),
    /// unblock, move the rating baseline.
    mutating func resolve(
        _ index: Int, _ resolution: LedgerEntry.Resolution, at time: Date, reason: String, record: Bool
    ) -> [Action] {
        let id = changes[index].id
        changes[index].status = resolution == .approved ? .approved : .acknowledged
        ledger[id, default: LedgerEntry()].resolve(resolution, at: time)
        var actions: [Action] = record ? [.record(changeID: id, resolution, at: time)] : []
        actions += unblockIfNeeded(index) + resolveRating(index)
        actions.append(.ended(changeID: id, changes[index].status, reason: reason))
        return actions
    }

    mutating func unblockIfNeeded(_ index: Int) -> [Action] {
        guard changes[index].isBlocked else { return [] }
        changes[index].isBlocked = false
        return [.unblock(changeID: changes[index].id, changes[index].change.scope)]
    }

    mutating func resolveRating(_ index: Int) -> [Action] {
        guard let ratingChange = changes[index].ratingChange, ratingWatch.resolve(ratingChange) else { return [] }
        return [.ratingBaselineMoved(to: ratingChange.new)]
    }
}
