/// The inverse of a number modulo n, the order of P-256: the `s⁻¹` of every ECDSA check.
///
/// `BN_mod_inverse` spends about 12 µs on it, a fifth of a verification with fixed-key
/// tables; this takes about 3. It is Bernstein and Yang's "divstep" algorithm (safegcd,
/// 2019): the decisions of 62 steps depend only on the low 64 bits of the two numbers, so
/// they run on single words and yield a 2×2 matrix that is then applied once to the full
/// numbers and to the Bézout coefficients. It runs in variable time, which is right for
/// verification: every input is public (the signature).
enum P256OrderInverse {
    /// n = FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551.
    static let order = Int320(words: [
        0xF3B9_CAC2_FC63_2551, 0xBCE6_FAAD_A717_9E84, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_0000_0000,
    ])
    /// n⁻¹ mod 2⁶⁴ (n is odd): Newton's iteration doubles the correct low bits each step.
    private static let orderInverse64: UInt64 = {
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- order.l0 &* inverse) }
        return inverse
    }()
    private static let stepsPerBatch = 62
    /// Variable time still ends: 256-bit inputs need at most 741 divsteps (12 batches).
    private static let maxBatches = 16

    /// `a⁻¹ mod n` as 32 big-endian bytes, or nil when `a` (32 big-endian bytes) is zero or not
    /// below n.
    static func inverse(ofBigEndian bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard bytes.count == 32 else { return nil }
        let a = Int320(bigEndian: bytes)
        guard !a.isZero, a < order else { return nil }
        return inverse(a)?.bigEndianBytes
    }

    /// `a⁻¹ mod n` for 0 < a < n. Invariants: f ≡ d·a and g ≡ e·a (mod n); f stays odd and
    /// gcd(f, g) = gcd(n, a) = 1, so when g reaches 0, f = ±1 and ±d is the inverse.
    static func inverse(_ a: Int320) -> Int320? {
        var (f, g) = (order, a)
        var (d, e) = (Int320.zero, Int320.one)
        var delta = 1
        for _ in 0..<maxBatches {
            let t = transition(delta: &delta, f: f.l0, g: g.l0)
            (f, g) = (
                (f.times(t.u) &+ g.times(t.v)).shiftedRight62(),
                (f.times(t.q) &+ g.times(t.r)).shiftedRight62()
            )
            (d, e) = (combine(d, e, t.u, t.v), combine(d, e, t.q, t.r))
            if g.isZero {
                if f == .one { return d }
                if f == .minusOne { return d.isZero ? d : order &- d }
                return nil
            }
        }
        return nil
    }

    /// The matrix of 62 divsteps: with f₀, g₀ the numbers before and f, g after,
    /// 2⁶²·(f, g) = (u·f₀ + v·g₀, q·f₀ + r·g₀). Each row's |entries| sum to at most 2⁶².
    ///
    /// Runs of steps are taken at once. While g is even a step only halves it. While δ ≤ 0
    /// the k steps from an odd g add f to g whenever g is odd and halve it: together they add
    /// w·f, for the one w below 2ᵏ that makes g + w·f divisible by 2ᵏ, and divide by 2ᵏ. That
    /// holds for k ≤ 1 − δ (δ grows by one a step and must stay ≤ 0); k ≤ 6 lets w come from
    /// f⁻¹ mod 64 = f·(2 − f²). A step with δ > 0 and g odd swaps first: (f, g) becomes
    /// (g, −f) and δ becomes −δ, and the next step from there is the swapping step's
    /// (g − f)/2.
    static func transition(delta: inout Int, f fLow: UInt64, g gLow: UInt64) -> (u: Int64, v: Int64, q: Int64, r: Int64)
    {
        var (f, g) = (fLow, gLow)
        var (u, v, q, r): (Int64, Int64, Int64, Int64) = (1, 0, 0, 1)
        var steps = stepsPerBatch
        while true {
            let zeros = min(g.trailingZeroBitCount, steps)
            g &>>= UInt64(zeros)
            (u, v) = (u &<< Int64(zeros), v &<< Int64(zeros))
            delta &+= zeros
            steps -= zeros
            if steps == 0 { break }
            if delta > 0 {
                delta = -delta
                (f, g) = (g, 0 &- f)
                (u, v, q, r) = (q, r, 0 &- u, 0 &- v)
            }
            let run = min(1 - delta, steps, 6)
            let w = Int64(bitPattern: (g &* f &* (f &* f &- 2)) & (UInt64(1) &<< UInt64(run) &- 1))
            g = g &+ f &* UInt64(bitPattern: w)
            (q, r) = (q &+ u &* w, r &+ v &* w)
        }
        return (u, v, q, r)
    }

    /// `(x·d + y·e) / 2⁶² mod n`, in [0, n): a multiple of n makes the sum divisible by 2⁶²
    /// first. |x| + |y| ≤ 2⁶² and d, e < n keep everything below 2⁶³·n < 2³¹⁹.
    static func combine(_ d: Int320, _ e: Int320, _ x: Int64, _ y: Int64) -> Int320 {
        var sum = d.times(x) &+ e.times(y)
        let k = (0 &- sum.l0 &* orderInverse64) & (1 << 62 - 1)
        sum = (sum &+ order.times(Int64(k))).shiftedRight62()
        while sum.isNegative { sum = sum &+ order }
        while !(sum < order) { sum = sum &- order }
        return sum
    }
}

/// A signed 320-bit integer in two's complement, five 64-bit words, least significant first.
struct Int320: Equatable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64

    static let zero = Int320(words: [0, 0, 0, 0])
    static let one = Int320(words: [1, 0, 0, 0])
    static let minusOne = Int320(l0: .max, l1: .max, l2: .max, l3: .max, l4: .max)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64) {
        (self.l0, self.l1, self.l2, self.l3, self.l4) = (l0, l1, l2, l3, l4)
    }

    /// A non-negative number from four words.
    init(words: [UInt64]) {
        self.init(l0: words[0], l1: words[1], l2: words[2], l3: words[3], l4: 0)
    }

    /// From 32 big-endian bytes.
    init(bigEndian bytes: UnsafeRawBufferPointer) {
        func word(_ index: Int) -> UInt64 {
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 24 - 8 * index, as: UInt64.self))
        }
        self.init(l0: word(0), l1: word(1), l2: word(2), l3: word(3), l4: 0)
    }

    /// The low 256 bits as 32 big-endian bytes.
    var bigEndianBytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for (index, word) in [l3, l2, l1, l0].enumerated() {
                raw.storeBytes(of: word.bigEndian, toByteOffset: 8 * index, as: UInt64.self)
            }
            count = 32
        }
    }

    var isZero: Bool { l0 | l1 | l2 | l3 | l4 == 0 }
    var isNegative: Bool { l4 >> 63 == 1 }

    /// Signed comparison.
    @inline(__always)
    static func < (a: Int320, b: Int320) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        if a.l4 != b.l4 { return a.l4 < b.l4 }
        if a.l3 != b.l3 { return a.l3 < b.l3 }
        if a.l2 != b.l2 { return a.l2 < b.l2 }
        if a.l1 != b.l1 { return a.l1 < b.l1 }
        return a.l0 < b.l0
    }

    @inline(__always)
    static func &+ (a: Int320, b: Int320) -> Int320 {
        let (s0, c0) = a.l0.addingReportingOverflow(b.l0)
        let (s1, c1) = add(a.l1, b.l1, c0)
        let (s2, c2) = add(a.l2, b.l2, c1)
        let (s3, c3) = add(a.l3, b.l3, c2)
        let (s4, _) = add(a.l4, b.l4, c3)
        return Int320(l0: s0, l1: s1, l2: s2, l3: s3, l4: s4)
    }

    static func &- (a: Int320, b: Int320) -> Int320 { a &+ b.negated }

    @inline(__always)
    var negated: Int320 {
        Int320(l0: ~l0, l1: ~l1, l2: ~l2, l3: ~l3, l4: ~l4) &+ .one
    }

    /// `self · k`, wrapping at 320 bits (callers keep the true product within range).
    /// Two's complement makes `self · |k|` mod 2³²⁰ right for either sign of `self`.
    @inline(__always)
    func times(_ k: Int64) -> Int320 {
        let m = k.magnitude
        let p0 = l0.multipliedFullWidth(by: m)
        let p1 = l1.multipliedFullWidth(by: m)
        let p2 = l2.multipliedFullWidth(by: m)
        let p3 = l3.multipliedFullWidth(by: m)
        let p4 = l4 &* m
        let (r1, c1) = p1.low.addingReportingOverflow(p0.high)
        let (r2, c2) = Self.add(p2.low, p1.high, c1)
        let (r3, c3) = Self.add(p3.low, p2.high, c2)
        let (r4, _) = Self.add(p4, p3.high, c3)
        let product = Int320(l0: p0.low, l1: r1, l2: r2, l3: r3, l4: r4)
        return k < 0 ? product.negated : product
    }

    /// Arithmetic shift right by 62 bits.
    @inline(__always)
    func shiftedRight62() -> Int320 {
        Int320(
            l0: l0 >> 62 | l1 << 2, l1: l1 >> 62 | l2 << 2, l2: l2 >> 62 | l3 << 2, l3: l3 >> 62 | l4 << 2,
            l4: UInt64(bitPattern: Int64(bitPattern: l4) >> 62))
    }

    @inline(__always)
    private static func add(_ a: UInt64, _ b: UInt64, _ carry: Bool) -> (UInt64, Bool) {
        let (s, o1) = a.addingReportingOverflow(b)
        let (t, o2) = s.addingReportingOverflow(carry ? 1 : 0)
        return (t, o1 || o2)
    }
}
