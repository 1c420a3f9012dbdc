/// Who gets what: each of the app profile's features, decided for each person (age band and
/// declaration) and answer, in each region on each date. A decision the same on every
/// device swept is one entry; where platforms or OS versions disagree, each decision lists
/// the devices that get it.
public struct ExploreFeatureView: Hashable, Sendable, Codable {
    /// One decision and where it holds.
    public struct Decision: Hashable, Sendable, Codable {
        /// Whether the feature opens.
        public var open: Bool
        /// The gate's reason, such as `allowed` or `belowMinimumAge`.
        public var reason: String
        /// What the app can offer next, such as `askGuardian`; `none` when nothing.
        public var nextStep: String
        /// The devices with this decision, a platform alone when every OS version swept
        /// agrees (`iOS`, `tvOS 26.0, 26.1`); nil when every device swept has it.
        public var devices: [String]?

        /// `open`, or `closed: belowMinimumAge; next: askGuardian`.
        public var text: String {
            let step = nextStep == "none" ? "" : "; next: \(nextStep)"
            return open ? "open\(step)" : "closed: \(reason)\(step)"
        }
    }

    /// One person and answer in one region on one date.
    public struct Row: Hashable, Sendable, Codable {
        /// The region's id, such as `US-TX`.
        public var region: String
        /// The day, such as `2027-01-01`.
        public var date: String
        /// The person's name, such as `13to15-approved` or `age-16`.
        public var person: String
        /// How the person answers: `declared`, `declined` or `unavailable`.
        public var answer: String
        /// Each feature's decisions, in the order of ``ExploreFeatureView/features``: one when
        /// every device agrees, the most common first.
        public var decisions: [[Decision]]
    }

    /// The profile's features, in its order.
    public var features: [String]
    /// Region by region and date by date, in the sweep's order, then by person and answer.
    public var rows: [Row]

    /// The view of a sweep's cells.
    package init(_ report: ExploreReport) {
        let platforms = report.axes.platforms
        let versions = report.axes.versions
        var features: [String] = []
        for outcome in report.ageOutcomes {
            for feature in outcome.features where !features.contains(feature.name) { features.append(feature.name) }
        }
        self.features = features
        struct Slot: Hashable {
            var region, date, person, answer: String
        }
        // Each distinct outcome's decisions once, in the features' order.
        let byOutcome = report.ageOutcomes.map { outcome in
            features.map { name -> Decision? in
                outcome.features.first { $0.name == name }.map {
                    Decision(open: $0.allowed, reason: $0.reason, nextStep: $0.nextStep, devices: nil)
                }
            }
        }
        // For each slot, which devices get which age outcome (an integer to hash per cell, not
        // a decision per feature); cells come in axis order, so a slot is looked up only when
        // it changes.
        var order: [Slot] = []
        var devices: [Slot: [Int: [(String, String)]]] = [:]
        var last: Slot?
        var current: [Int: [(String, String)]] = [:]
        for cell in report.cells {
            let key = cell.key
            let slot = Slot(region: key.region, date: key.date, person: key.person, answer: key.answer)
            if slot != last {
                if let last { devices[last] = current }
                if devices[slot] == nil { order.append(slot) }
                current = devices[slot] ?? [:]
                last = slot
            }
            current[cell.age, default: []].append((key.platform, key.os))
        }
        if let last { devices[last] = current }
        rows = order.map { slot in
            let outcomes = devices[slot]!.sorted { $0.key < $1.key }.map { index, holders in
                (decisions: byOutcome[index], holders: holders)
            }
            let byFeature = features.indices.map { feature -> [Decision: [(String, String)]] in
                var merged: [Decision: [(String, String)]] = [:]
                for (decisions, holders) in outcomes {
                    if let decision = decisions[feature] { merged[decision, default: []] += holders }
                }
                return merged
            }
            let decisions = byFeature.map { byDecision -> [Decision] in
                let sorted = byDecision.sorted { left, right in
                    (left.value.count, right.key.text) > (right.value.count, left.key.text)
                }
                guard sorted.count > 1 else { return sorted.map(\.key) }
                return sorted.map { decision, holders in
                    var decision = decision
                    decision.devices = Self.devices(holders, platforms: platforms, versions: versions)
                    return decision
                }
            }
            return Row(
                region: slot.region, date: slot.date, person: slot.person, answer: slot.answer, decisions: decisions)
        }
    }

    /// `iOS` for a platform on every version, `tvOS 26.0, 26.1` for some, in the axes' order.
    static func devices(_ pairs: [(String, String)], platforms: [String], versions: [String]) -> [String] {
        var byPlatform: [String: Set<String>] = [:]
        for (platform, os) in pairs { byPlatform[platform, default: []].insert(os) }
        return platforms.compactMap { platform in
            guard let found = byPlatform[platform] else { return nil }
            if found.count == versions.count { return platform }
            return platform + " " + versions.filter(found.contains).joined(separator: ", ")
        }
    }

    /// The decisions of one feature for one person, answer, region and date.
    public func decisions(
        feature: String, person: String, answer: String, region: String, date: String
    ) -> [Decision]? {
        guard let index = features.firstIndex(of: feature) else { return nil }
        return rows.first {
            $0.person == person && $0.answer == answer && $0.region == region && $0.date == date
        }?.decisions[index]
    }
}
