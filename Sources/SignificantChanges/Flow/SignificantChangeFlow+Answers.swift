import AgeSignals
import Foundation

extension SignificantChangeFlow {
    /// Another device (or this one at launch) wrote the ledger: an approval or acknowledgment
    /// there ends the flow here; denials are kept.
    mutating func ledgerChanged(_ changeID: String, _ entry: LedgerEntry, at now: Date) -> [Action] {
        let merged = (ledger[changeID] ?? LedgerEntry()).merged(with: entry)
        ledger[changeID] = merged
        guard let index = index(of: changeID) else { return [] }
        guard let resolution = merged.resolution, changes[index].status == .pending || changes[index].status == .cleared
        else { return [] }
        if var request = changes[index].request {
            _ = request.handle(.approvedElsewhere, at: now)
            changes[index].request = request
        }
        return resolve(
            index, resolution, at: merged.resolvedAt ?? now, reason: "\(resolution.rawValue) on another device",
            record: false)
    }

    mutating func observeRating(_ reading: Int?, at now: Date) -> [Action] {
        // Mac Catalyst has no `ageRatingCode` row: whatever a bridge reads there is unavailable.
        let code = router.capabilities.hasAgeRatingCode ? reading : nil
        let previous = ratingWatch.pendingChange
        let observation = ratingWatch.observe(code)
        var actions: [Action] = [.rating(observation)]
        switch observation {
        case .changed(let change):
            if let previous { actions += dropRatingChange(previous, reason: "the rating changed again") }
            addRatingChange(change)
            let index = changes.count - 1
            if changes[index].status != .pending {
                actions += resolveRating(index)
            } else if let decision {
                actions += begin(index, route: decision.route, at: now)
            }
        case .changeWithdrawn(let change):
            actions += dropRatingChange(change, reason: "the rating went back to the baseline")
        case .unavailable, .developmentCode, .baselineSet, .unchanged, .stillPending:
            break
        }
        return actions
    }

    private mutating func dropRatingChange(_ ratingChange: RatingChange, reason: String) -> [Action] {
        guard let index = changes.firstIndex(where: { $0.ratingChange == ratingChange }) else { return [] }
        let id = changes[index].id
        let actions = unblockIfNeeded(index)
        changes.remove(at: index)
        return actions + [.ended(changeID: id, .cleared, reason: reason)]
    }

    /// Asking failed: nothing was sent, so the change stays blocked. `notAvailable` says the
    /// system does not see a minor, which contradicts the age answer that routed here: the
    /// route is never taken from an error (seed 003: route by age before asking), so the age
    /// is read again and the next evaluation routes by what it says.
    mutating func askFailed(_ changeID: String, _ error: PermissionAskError, at now: Date) -> [Action] {
        guard let index = index(of: changeID), changes[index].status == .pending else {
            return [.ignored("ask failure for change \(changeID), which is not pending")]
        }
        let rule = AskErrorRule(error)
        changes[index].request = nil
        var actions: [Action] = [.showAskFailed(changeID: changeID, reason: "\(error.name): \(rule.rawValue)")]
        if rule == .readAgeAgain { actions.append(.requestAgeRangeAgain(changeID: changeID)) }
        return actions
    }

    mutating func acknowledge(_ changeID: String, at now: Date) -> [Action] {
        guard let index = index(of: changeID) else { return [.ignored("acknowledgment of unknown change \(changeID)")] }
        guard changes[index].status == .pending else {
            return [.ignored("acknowledgment of \(changeID), which is already \(changes[index].status.rawValue)")]
        }
        guard case .acknowledgment = changes[index].route else {
            let route = changes[index].route?.name ?? "not routed"
            return [.ignored("acknowledgment of \(changeID) does not count on route \(route)")]
        }
        return resolve(index, .acknowledged, at: now, reason: "the person acknowledged it", record: true)
    }

    mutating func retry(_ changeID: String, at now: Date) -> [Action] {
        guard let index = index(of: changeID), changes[index].status == .pending, let route = changes[index].route
        else { return [.ignored("retry of \(changeID), which is not pending")] }
        switch route {
        case .guardianQuestion, .guardianButton:
            guard let request = changes[index].request else { return askGuardian(index, at: now) }
            switch request.state {
            case .denied, .expired:
                return withRequest(of: changeID, .retry, at: now)
            case .notAsked, .pending, .approved:
                return [.ignored("retry of \(changeID) while its question is \(request.state.name)")]
            }
        case .acknowledgment(let presentation):
            return [
                .showAcknowledgment(changeID: changeID, description: changes[index].change.description, presentation)
            ]
        case .blockUntilVerified, .blockWithRetry:
            return [.requestAgeRangeAgain(changeID: changeID)]
        case .otherDevice:
            return [.routeToOtherDevice(changeID: changeID, description: changes[index].change.description)]
        case .clear:
            return [.ignored("retry of \(changeID), which needs no flow")]
        }
    }
}
