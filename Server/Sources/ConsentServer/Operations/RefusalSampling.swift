/// Which refusals the request log writes. A flood of forged or malformed requests would
/// otherwise write one line each: megabytes a second, a disk filled by anyone who can reach
/// the port. Each second, the first `perSecond` refusals of one kind (route, status, code)
/// are written; the rest are only counted, and one line per kind then says how many were
/// left out. `/metrics` still counts every one.
///
/// A pure state machine: the caller passes the second, so tests drive time.
struct RefusalSampling: Sendable {
    struct Kind: Hashable, Sendable {
        let route: String
        let status: Int
        let code: String
    }

    /// Refusals of one kind left out of one second.
    struct Omitted: Equatable, Sendable {
        let kind: Kind
        let second: Int
        let count: Int
    }

    /// 0: every refusal is written.
    let perSecond: Int
    private var second = Int.min
    private var written: [Kind: Int] = [:]
    private var left: [Kind: Int] = [:]

    init(perSecond: Int) { self.perSecond = max(0, perSecond) }

    /// Whether to write this refusal, and the counts of a second that has ended.
    mutating func admit(_ kind: Kind, at now: Int) -> (write: Bool, ended: [Omitted]) {
        guard perSecond > 0 else { return (true, []) }
        let ended = roll(to: now)
        let count = written[kind, default: 0]
        guard count >= perSecond else {
            written[kind] = count + 1
            return (true, ended)
        }
        left[kind, default: 0] += 1
        return (false, ended)
    }

    /// The counts of every second before `now` (all of them with `Int.max`, when stopping).
    mutating func roll(to now: Int) -> [Omitted] {
        guard now > second else { return [] }
        let ended = left.map { Omitted(kind: $0.key, second: second, count: $0.value) }
            .sorted { ($0.kind.route, $0.kind.status, $0.kind.code) < ($1.kind.route, $1.kind.status, $1.kind.code) }
        (second, written, left) = (now, [:], [:])
        return ended
    }

    /// Whether counts wait for their second to end.
    var isHolding: Bool { !left.isEmpty }
}
