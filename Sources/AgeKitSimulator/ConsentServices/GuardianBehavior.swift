import Foundation
import SignificantChanges

/// How the simulated guardian answers each question, in time after it was sent.
public enum GuardianBehavior: Hashable, Sendable {
    /// Approves once, `after` seconds after the question is sent.
    case approve(after: TimeInterval)
    /// Denies once, `after` seconds after the question is sent.
    case deny(after: TimeInterval)
    /// No answer ever comes.
    case never
    /// The child cancels before sending: no answer ever comes, and the system says nothing.
    case childCancels
    /// Approves only after the question's expiry date has passed.
    case late(afterExpiry: TimeInterval)
    /// Denies, then changes their mind and approves.
    case denyThenApprove(denyAfter: TimeInterval, approveAfter: TimeInterval)
    /// Approves, then tries to deny.
    case approveThenDeny(approveAfter: TimeInterval, denyAfter: TimeInterval)

    /// The CLI names, with the typical timing (answers five minutes after sending, a change of
    /// mind one minute later, a late answer an hour after the expiry).
    public static let named: [(name: String, behavior: GuardianBehavior)] = [
        ("approve", .approve(after: 5 * 60)),
        ("deny", .deny(after: 5 * 60)),
        ("never", .never),
        ("deny-then-approve", .denyThenApprove(denyAfter: 5 * 60, approveAfter: 6 * 60)),
        ("approve-then-deny", .approveThenDeny(approveAfter: 5 * 60, denyAfter: 6 * 60)),
        ("late", .late(afterExpiry: 60 * 60)),
        ("cancel", .childCancels),
    ]

    /// The CLI names, in the order of ``named``.
    public static var names: [String] { named.map { $0.name } }

    /// The behaviour with this CLI name (any case); nil when there is none.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = entry.behavior
    }

    /// The answers to a question sent at `sentAt`, in time order.
    func responses(to question: GuardianQuestion, sentAt: Date) -> [(at: Date, approved: Bool)] {
        responses(sentAt: sentAt, expiresAt: question.expiresAt)
    }

    /// The answers to any question sent at `sentAt` that expires at `expiresAt`.
    func responses(sentAt: Date, expiresAt: Date) -> [(at: Date, approved: Bool)] {
        switch self {
        case .approve(let delay): [(sentAt.addingTimeInterval(delay), true)]
        case .deny(let delay): [(sentAt.addingTimeInterval(delay), false)]
        case .never, .childCancels: []
        case .late(let delay): [(expiresAt.addingTimeInterval(delay), true)]
        case .denyThenApprove(let deny, let approve):
            [(sentAt.addingTimeInterval(deny), false), (sentAt.addingTimeInterval(approve), true)]
        case .approveThenDeny(let approve, let deny):
            [(sentAt.addingTimeInterval(approve), true), (sentAt.addingTimeInterval(deny), false)]
        }
    }
}
