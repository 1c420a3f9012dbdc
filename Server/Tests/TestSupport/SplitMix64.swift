/// SplitMix64 (Steele, Lea and Flood): a fast deterministic generator, so that the seed a
/// randomized test prints replays its case. The tests' one copy; `ConnectionDeadlines` keeps its
/// own counter for the transport's jitter, as product code does not link the tests' support.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The counter; each number advances it by the golden-ratio increment.
    public var state: UInt64

    /// A generator that starts at `state` (the test's seed).
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
