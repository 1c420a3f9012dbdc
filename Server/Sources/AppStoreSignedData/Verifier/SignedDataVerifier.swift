import Foundation
import ServerTime

/// Verifies App Store signed data (compact JWS, ES256, `x5c` chain) against configured trust
/// anchors and decodes it. Safe to share between threads; one instance per set of anchors.
///
/// It checks the chain, the signature, the payload's shape and the nested signed fields.
/// It does not check which app the data is for: see ``AppIdentity``.
public final class SignedDataVerifier: Sendable {
    let policy: ChainPolicy
    let cache: ChainCache
    let refused: RefusedChains
    let intermediates: KnownIntermediates
    /// The budgets for never-seen chains, per lane: a flood on the open lane never spends
    /// the reserved one.
    let lanes: [VerificationLane: LaneBudgets]
    let headers: HeaderCache
    let effectiveTime: EffectiveTime
    public let maxInputBytes: Int
    let clock: any ServerClock

    /// - Parameters:
    ///   - anchors: the only roots trusted; `x5c[2]` never is.
    ///   - effectiveTime: when certificate validity is checked.
    ///   - cacheCapacity: verified chains kept, and as many parsed headers and trusted
    ///     intermediates (0 disables all three).
    ///   - maxInputBytes: larger inputs are rejected with `input_too_large` before any work.
    ///   - newChainsPerSecond: full verifications of never-seen chains allowed per second on
    ///     each ``VerificationLane``; beyond them `verification_busy` (0: no limit). A
    ///     never-seen leaf under an intermediate already verified costs one signature and has a
    ///     budget of its own of the same size, per lane too. Refused chains and intermediates
    ///     are remembered (as many as `cacheCapacity` times 16 of each), so a replayed forgery,
    ///     or a fresh leaf under a refused intermediate, costs a lookup.
    ///   - clock: the wall time ``EffectiveTime/now`` reads, and the monotonic seconds the
    ///     budgets refill by (tests move their own).
    public init(
        anchors: [TrustAnchor], effectiveTime: EffectiveTime = .signedDate, cacheCapacity: Int = 64,
        maxInputBytes: Int = 1 << 20, newChainsPerSecond: Int = 0, clock: any ServerClock = SystemClock()
    ) {
        self.policy = ChainPolicy(anchors: anchors)
        self.cache = ChainCache(capacity: cacheCapacity)
        self.refused = RefusedChains(capacity: cacheCapacity * 16)
        self.intermediates = KnownIntermediates(trustedCapacity: cacheCapacity, refusedCapacity: cacheCapacity * 16)
        self.lanes = Dictionary(
            uniqueKeysWithValues: VerificationLane.allCases.map {
                ($0, LaneBudgets(perSecond: newChainsPerSecond, seconds: { clock.monotonic() }))
            })
        self.headers = HeaderCache(capacity: cacheCapacity)
        self.effectiveTime = effectiveTime
        self.maxInputBytes = maxInputBytes
        self.clock = clock
    }

    /// Hits and misses of the chain cache since creation (every lookup counts, cache or not).
    public var cacheStatistics: (hits: Int, misses: Int) { cache.statistics }

    /// The refusal of a compact JWS whose header segment carried a chain refused before, or
    /// nil. Nothing in `jws` is decoded or copied (it is read in place, say a slice of the
    /// request body): a receiver can ask this of a body before it builds anything from it, so
    /// a replayed forgery costs one lookup.
    public func knownRefusal(of jws: some ContiguousBytes) -> VerificationError? {
        jws.withUnsafeBytes { refused.refusal(forHeaderOf: $0) }
    }

    /// Lookups of refused headers so far, the receiver's own included (tests).
    package var refusedHeaderLookups: Int { refused.lookupsByHeader }

    public func verifyNotification(_ jws: String) throws(VerificationError) -> VerifiedNotification {
        try verifyNotification(jws, receivedAt: nil)
    }

    /// A notification delivered live: besides its own signing time, every chain in it must
    /// be valid at `receivedAt` (milliseconds since 1970, as `signedDate` and the ledger's
    /// rows), so a backdated `signedDate` cannot bring an expired leaf back.
    /// A never-seen chain in it is charged to `lane`'s budget.
    public func verifyNotification(
        _ jws: String, receivedAt: Int64?, lane: VerificationLane = .reserved
    ) throws(VerificationError) -> VerifiedNotification {
        var context = Context(keepsHeader: true, lane: lane)
        return try notification(ArraySlice(jws.utf8), receivedAt: receivedAt, context: &context)
    }

    /// As ``verifyNotification(_:receivedAt:lane:)``, with the parts of the JWS it came in, as
    /// split and decoded for the verification: for a store that keeps the signed text packed.
    /// `jws` is read where it lies (a slice of a request body, say), never copied whole.
    /// `headerChecked`: the caller has just asked ``knownRefusal(of:)`` of the same header
    /// segment, and the answer was nil; the lookup is not made again.
    public func verifySignedNotification(
        _ jws: ArraySlice<UInt8>, receivedAt: Int64?, lane: VerificationLane = .reserved, headerChecked: Bool = false
    ) throws(VerificationError) -> SignedNotification {
        var context = Context(keepsHeader: true, keepsParts: true, lane: lane, headerChecked: headerChecked)
        let notification = try notification(jws, receivedAt: receivedAt, context: &context)
        guard let parts = context.parts else { preconditionFailure("a verified notification without its parts") }
        return SignedNotification(notification: notification, parts: parts)
    }

    private func notification(
        _ jws: ArraySlice<UInt8>, receivedAt: Int64?, context: inout Context
    ) throws(VerificationError) -> VerifiedNotification {
        context.receivedAt = receivedAt.map { $0 / 1000 }
        var notification = try verify(
            jws, as: VerifiedNotification.self, context: &context, date: { $0.signedDate },
            environment: { $0.environment })
        if var data = notification.data {
            if let signed = data.signedTransactionInfo {
                data.transaction = try nested("signedTransactionInfo") { () throws(VerificationError) in
                    try verify(
                        ArraySlice(signed.utf8), as: JWSTransaction.self, context: &context, date: { $0.signedDate },
                        environment: { $0.environment })
                }
            }
            if let signed = data.signedRenewalInfo {
                data.renewalInfo = try nested("signedRenewalInfo") { () throws(VerificationError) in
                    try verify(
                        ArraySlice(signed.utf8), as: JWSRenewalInfo.self, context: &context, date: { $0.signedDate },
                        environment: { $0.environment })
                }
            }
            notification.data = data
        }
        if var appData = notification.appData, let signed = appData.signedAppTransactionInfo {
            appData.appTransaction = try nested("signedAppTransactionInfo") { () throws(VerificationError) in
                try verify(
                    ArraySlice(signed.utf8), as: AppTransaction.self, context: &context,
                    date: { $0.receiptCreationDate },
                    environment: { $0.receiptType })
            }
            notification.appData = appData
        }
        return notification
    }

    public func verifyAppTransaction(
        _ jws: String, lane: VerificationLane = .reserved
    ) throws(VerificationError) -> AppTransaction {
        var context = Context(lane: lane)
        return try verify(
            ArraySlice(jws.utf8), as: AppTransaction.self, context: &context, date: { $0.receiptCreationDate },
            environment: { $0.receiptType })
    }

    public func verifyTransaction(
        _ jws: String, lane: VerificationLane = .reserved
    ) throws(VerificationError) -> JWSTransaction {
        var context = Context(lane: lane)
        return try verify(
            ArraySlice(jws.utf8), as: JWSTransaction.self, context: &context, date: { $0.signedDate },
            environment: { $0.environment })
    }

    public func verifyRenewalInfo(
        _ jws: String, lane: VerificationLane = .reserved
    ) throws(VerificationError) -> JWSRenewalInfo {
        var context = Context(lane: lane)
        return try verify(
            ArraySlice(jws.utf8), as: JWSRenewalInfo.self, context: &context, date: { $0.signedDate },
            environment: { $0.environment })
    }

    /// Runs a nested verification, naming the field in the reason of any failure.
    private func nested<T>(_ field: String, _ body: () throws(VerificationError) -> T) throws(VerificationError) -> T {
        do {
            return try body()
        } catch {
            throw VerificationError(error.code, "\(field): \(error.reason)")
        }
    }
}

extension SignedDataVerifier {
    /// State of one call: a notification's nested fields are usually signed with the same
    /// chain as the notification, so a chain verified once is reused within the call.
    struct Context {
        /// Keep the first header for the nested fields (a notification's).
        var keepsHeader = false
        /// Keep the first JWS's parts in ``parts`` (a notification's, for its store).
        var keepsParts = false
        /// Whose budget a never-seen chain is charged to.
        var lane = VerificationLane.reserved
        var lastX5C: [String]?
        var lastChain: VerifiedChain?
        var lastHeader: CompactJWS.KnownHeader?
        /// Seconds since 1970 at which a live delivery arrived: its chain must be valid then too.
        var receivedAt: Int64?
        /// The first JWS's parts, once it verified, when ``keepsParts``.
        var parts: JWSParts?
        /// The first JWS's header was looked up among the refused ones by the caller (nested
        /// ones are looked up here).
        var headerChecked = false
    }

    func verify<T: PayloadDecodable>(
        _ bytes: ArraySlice<UInt8>, as type: T.Type, context: inout Context, date: (T) -> Int64?,
        environment: (T) -> Environment?
    ) throws(VerificationError) -> T {
        guard bytes.count <= maxInputBytes else {
            throw VerificationError(.inputTooLarge, "the input is \(bytes.count) bytes; the limit is \(maxInputBytes)")
        }
        // A forgery replayed: refused before its parts are decoded (unless the caller just looked).
        if context.headerChecked {
            context.headerChecked = false
        } else if let refusal = refused.refusal(forHeaderOf: bytes) {
            throw refusal
        }
        let parsed = try CompactJWS.parse(bytes, known: context.lastHeader, headers: headers)
        let x5c = parsed.x5c
        let chain: VerifiedChain
        do {
            chain = try self.chain(for: x5c, context: &context)
        } catch {
            // A chain held back for the budget was not judged.
            if error.code != .verificationBusy { refused.insert(error, forHeaderOf: bytes) }
            throw error
        }
        // Headers are remembered only once their chain is trusted.
        let known = parsed.knownHeader
        if !parsed.headerReused { headers.insert(known) }
        if context.keepsHeader, context.lastHeader == nil { context.lastHeader = known }

        guard chain.leafKey.verify(rawSignature: parsed.signature, digest: parsed.signingInputDigest) else {
            throw VerificationError(.signatureMismatch, "the ES256 signature does not match the leaf certificate's key")
        }

        let value: T
        do {
            value = try T.decode(parsed.payload)
        } catch {
            throw VerificationError(.malformedPayload, "the payload is not a valid \(T.self): \(error.reason)")
        }
        let (milliseconds, label) = try effectiveMilliseconds(date(value), type: T.self)
        // Floor division: an instant before 1970 belongs to the second that starts before it.
        let seconds = milliseconds / 1000 - (milliseconds % 1000 < 0 ? 1 : 0)
        guard chain.validity.contains(seconds) else {
            throw VerificationError(
                .certificateNotValidAtTime,
                "the certificate chain is valid from \(Self.iso(chain.validity.notBefore)) to "
                    + "\(Self.iso(chain.validity.notAfter)), not at the effective time \(label) "
                    + "\(Self.iso(seconds))")
        }
        if let received = context.receivedAt, !chain.validity.contains(received) {
            throw VerificationError(
                .certificateNotValidAtTime,
                "the certificate chain is valid from \(Self.iso(chain.validity.notBefore)) to "
                    + "\(Self.iso(chain.validity.notAfter)), not when it was received \(Self.iso(received))")
        }
        if let trusted = chain.environments, !(environment(value).map(trusted.contains) ?? false) {
            let names = trusted.map(\.rawValue).sorted().joined(separator: ", ")
            throw VerificationError(
                .untrustedForEnvironment,
                "the chain ends at a root trusted only for \(names), and the payload's environment is "
                    + "'\(environment(value)?.rawValue ?? "(none)")'")
        }
        if context.keepsParts, context.parts == nil { context.parts = JWSParts(parsed, header: known) }
        return value
    }

    private func effectiveMilliseconds<T>(_ signed: Int64?, type: T.Type) throws(VerificationError) -> (Int64, String) {
        switch effectiveTime {
        case .signedDate:
            guard let signed else {
                let field = T.self == AppTransaction.self ? "receiptCreationDate" : "signedDate"
                throw VerificationError(.malformedPayload, "the payload has no \(field) to check the chain at")
            }
            return (signed, T.self == AppTransaction.self ? "(receiptCreationDate)" : "(signedDate)")
        case .now:
            return (clock.now(), "(now)")
        case .at(let instant):
            return (Self.milliseconds(instant), "(given instant)")
        }
    }

    /// Milliseconds since 1970, clamped so no `Date` can trap the conversion.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite else { return value > 0 ? Int64.max : Int64.min }
        return Int64(max(-9.2e18, min(9.2e18, value)))
    }

    static func iso(_ seconds: Int64) -> String {
        guard seconds > -62_135_596_800, seconds < 253_402_300_800 else { return "\(seconds)s" }
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}
