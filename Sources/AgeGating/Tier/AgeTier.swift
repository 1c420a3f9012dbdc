import AgeSignals

/// One of the ranges the app's own gates make, such as "13-15" for gates 13, 16, 18.
///
/// A tier is read from a range's lower bound by range comparison, never by equality with a
/// gate: a regional law band starting at 14 still lands in the tier that starts at 13, and a
/// missing lower bound is the youngest tier.
public struct AgeTier: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The youngest age in the tier: a gate, or 0 for the tier below the lowest gate.
    public let lowerAge: Int
    /// The gate that starts the next tier; nil for the top tier.
    public let nextGate: Int?

    /// A tier from its two ends; use ``init(lowerBound:gates:)`` to read one from a range.
    public init(lowerAge: Int, nextGate: Int?) {
        self.lowerAge = lowerAge
        self.nextGate = nextGate
    }

    /// The tier holding `lowerBound` among `gates`; nil (below the lowest gate) is the youngest.
    /// Allocation-free: it only walks the gates.
    @inlinable
    public init(lowerBound: Int?, gates: AgeGates) {
        var lower = 0
        var next: Int? = gates.values.first
        if let lowerBound {
            for gate in gates.values {
                if gate <= lowerBound {
                    lower = gate
                    next = nil
                } else {
                    next = gate
                    break
                }
            }
        }
        self.init(lowerAge: lower, nextGate: next)
    }

    /// The youngest tier the gates make (below the lowest gate).
    public static func youngest(in gates: AgeGates) -> AgeTier {
        AgeTier(lowerBound: nil, gates: gates)
    }

    /// Every tier the gates make, youngest first.
    public static func all(for gates: AgeGates) -> [AgeTier] {
        [youngest(in: gates)] + gates.values.map { AgeTier(lowerBound: $0, gates: gates) }
    }

    /// Whether everyone in this tier is at least `age` years old.
    @inlinable
    public func isAtLeast(_ age: Int) -> Bool { lowerAge >= age }

    /// Whether the tier is one the gates make (a stored tier may predate new gates).
    public func belongs(to gates: AgeGates) -> Bool {
        AgeTier(lowerBound: lowerAge == 0 ? nil : lowerAge, gates: gates) == self
    }

    public static func < (lhs: AgeTier, rhs: AgeTier) -> Bool { lhs.lowerAge < rhs.lowerAge }

    /// "under13", "13-15" or "18+": also the stored form, see ``init(name:)``.
    public var description: String {
        if lowerAge == 0, let nextGate { return "under\(nextGate)" }
        guard let nextGate else { return "\(lowerAge)+" }
        return "\(lowerAge)-\(nextGate - 1)"
    }

    /// Parses ``description``; nil for anything else.
    public init?(name: String) {
        if name.hasPrefix("under"), let next = Int(name.dropFirst(5)), next > 0 {
            self.init(lowerAge: 0, nextGate: next)
        } else if name.hasSuffix("+"), let lower = Int(name.dropLast()), lower >= 0 {
            self.init(lowerAge: lower, nextGate: nil)
        } else {
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]), lower >= 0,
                upper >= lower
            else { return nil }
            self.init(lowerAge: lower, nextGate: upper + 1)
        }
    }
}
