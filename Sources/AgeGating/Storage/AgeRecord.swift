import AgeSignals

/// The only age data the app keeps: the tier, the declaration source and whether
/// communication limits are on (or that the person declined). No bounds, no dates. It is a
/// cache of the system's cache: the next answer from the system replaces it.
///
/// Stored under a versioned key as `tier=13-15;source=guardianDeclared;limited=0` or
/// `declined`. Anything unreadable, from another version, or a tier the app's current gates
/// do not make, reads as ``AgePolicy/notAsked``: never a crash.
public enum AgeRecord {
    /// The key, with the format version in it.
    public static let key = "agekit.ageRecord.v1"

    /// The stored form of a policy; nil for policies that are not stored (not asked,
    /// unavailable).
    public static func encode(_ policy: AgePolicy) -> String? {
        switch policy {
        case .notAsked, .unavailable:
            return nil
        case .declined:
            return "declined"
        case .known(let tier, let source, let communicationLimited):
            return "tier=\(tier);source=\(source.rawValue);limited=\(communicationLimited ? 1 : 0)"
        }
    }

    /// The policy a stored string holds under `gates`.
    public static func decode(_ text: String?, gates: AgeGates) -> AgePolicy {
        guard let text else { return .notAsked }
        if text == "declined" { return .declined }
        var fields: [Substring: Substring] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, fields[pair[0]] == nil else { return .notAsked }
            fields[pair[0]] = pair[1]
        }
        guard fields.count == 3,
            let tierName = fields["tier"], let tier = AgeTier(name: String(tierName)), tier.belongs(to: gates),
            let sourceName = fields["source"], let source = TrustLevel(rawValue: String(sourceName)),
            let limited = fields["limited"], limited == "0" || limited == "1"
        else { return .notAsked }
        return .known(tier: tier, source: source, communicationLimited: limited == "1")
    }

    /// Reads the record from a store.
    public static func load(from store: any KeyValueStore, gates: AgeGates) -> AgePolicy {
        decode(store.string(forKey: key), gates: gates)
    }

    /// Writes the record for an answer; policies that are not answers are never written.
    public static func save(_ policy: AgePolicy, to store: any KeyValueStore) throws(AgeGatingError) {
        guard let text = encode(policy) else { return }
        try store.set(text, forKey: key)
    }
}
