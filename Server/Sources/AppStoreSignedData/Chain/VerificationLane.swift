/// Whose budget the verification of a never-seen chain is charged to.
///
/// Anyone can post a chain, and a forged one costs a signature by Apple's P-384 keys (about
/// six valid notifications' worth of CPU) before it is refused, so never-seen chains are
/// budgeted. A single budget shared by everyone would let a flood of forgeries spend the
/// turn of Apple's own rotated leaf or new intermediate. Each lane has its own budget: the
/// receiver charges deliveries from Apple's published addresses (and payloads fetched from
/// Apple, or sent by the operator's authenticated backend) to ``reserved``, everything
/// else to ``open``. A flood then costs throughput on the open lane and never a genuine
/// delivery's turn.
public enum VerificationLane: Sendable, Hashable, CaseIterable {
    /// Senders anyone can be.
    case open
    /// Senders an attacker cannot be: Apple's addresses, Apple's API, the operator.
    case reserved
}
