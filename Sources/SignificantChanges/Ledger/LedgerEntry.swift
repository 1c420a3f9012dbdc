import Foundation

/// What one person's devices know about one change: whether it is resolved (a guardian
/// approved, or the adult acknowledged), and every denial with its time.
public struct LedgerEntry: Hashable, Sendable, Codable {
    /// How a change was resolved.
    public enum Resolution: String, Hashable, Sendable, Codable {
        /// A guardian approved the change.
        case approved
        /// The person (an adult, or per the app's setting) acknowledged it.
        case acknowledged
    }

    /// How the change was resolved; nil while it is not.
    public var resolution: Resolution?
    /// When it was first resolved, on any device.
    public var resolvedAt: Date?
    /// Every denial, oldest first (at most ``maximumDenials`` kept).
    public var denials: [Date]

    /// How many denials an entry keeps; older ones are dropped.
    public static let maximumDenials = 20

    /// An entry as stored; the default records nothing.
    public init(resolution: Resolution? = nil, resolvedAt: Date? = nil, denials: [Date] = []) {
        self.resolution = resolution
        self.resolvedAt = resolvedAt
        self.denials = denials
    }

    /// Whether a guardian approved the change or the person acknowledged it.
    public var isResolved: Bool { resolution != nil }

    /// The first resolution wins: a later one (from another device) keeps the earlier time.
    public mutating func resolve(_ resolution: Resolution, at time: Date) {
        guard self.resolution == nil else { return }
        self.resolution = resolution
        self.resolvedAt = time
    }

    /// Adds a denial in time order; the same time twice counts once.
    public mutating func recordDenial(at time: Date) {
        guard !denials.contains(time) else { return }
        denials.append(time)
        denials.sort()
        if denials.count > Self.maximumDenials { denials.removeFirst(denials.count - Self.maximumDenials) }
    }

    /// Combines what two devices wrote: resolved if either is, all denials kept.
    public func merged(with other: LedgerEntry) -> LedgerEntry {
        var result = self
        if let resolution = other.resolution, let time = other.resolvedAt {
            if result.resolution == nil || (result.resolvedAt.map { time < $0 } ?? true) {
                result.resolution = resolution
                result.resolvedAt = time
            }
        }
        for denial in other.denials { result.recordDenial(at: denial) }
        return result
    }
}
