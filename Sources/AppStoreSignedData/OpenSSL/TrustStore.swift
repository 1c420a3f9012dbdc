internal import CCrypto

/// Owns one OpenSSL `X509_STORE` holding only the configured trust anchors, and verifies
/// chains against it.
///
/// `@unchecked Sendable`: the store is filled once in `init` and only read afterwards;
/// OpenSSL locks its lookups internally.
final class TrustStore: @unchecked Sendable {
    private let store: OpaquePointer
    /// Keeps the anchors alive as long as the store (the store holds its own references too).
    private let anchors: [X509Certificate]
    /// The environments each restricted anchor is trusted for, by the anchor's DER.
    private let restrictions: [[UInt8]: Set<Environment>]

    init(anchors: [TrustAnchor]) {
        guard let store = X509_STORE_new() else { fatalError("X509_STORE_new failed: out of memory") }
        for anchor in anchors {
            X509_STORE_add_cert(store, anchor.certificate.pointer)
        }
        ERR_clear_error()
        self.store = store
        self.anchors = anchors.map(\.certificate)
        // The same root configured without a restriction too (say, as Apple's) is trusted for all.
        let unrestricted = Set(anchors.filter { $0.environments == nil }.map(\.der))
        var restrictions: [[UInt8]: Set<Environment>] = [:]
        for anchor in anchors where !unrestricted.contains(anchor.der) {
            guard let environments = anchor.environments else { continue }
            restrictions[anchor.der, default: []].formUnion(environments)
        }
        self.restrictions = restrictions
    }

    deinit { X509_STORE_free(store) }

    /// Verifies that `leaf` chains through `intermediate` to an anchor, ignoring time (the
    /// caller checks the returned window at its effective time, so cached chains stay exact).
    ///
    /// - Returns: the window in which every certificate of the built chain is valid, and the
    ///   environments the anchor it ends at is restricted to (nil: any).
    func verify(
        leaf: X509Certificate, intermediate: X509Certificate
    ) throws(VerificationError) -> (validity: ValidityWindow, environments: Set<Environment>?) {
        guard let context = X509_STORE_CTX_new() else {
            throw VerificationError(.untrustedChain, "out of memory while verifying the chain")
        }
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = agekit_sk_X509_new_null() else {
            throw VerificationError(.untrustedChain, "out of memory while verifying the chain")
        }
        defer { agekit_sk_X509_free(untrusted) }  // frees the stack only; the certificates stay owned
        _ = agekit_sk_X509_push(untrusted, intermediate.pointer)
        guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else {
            ERR_clear_error()
            throw VerificationError(.untrustedChain, "could not set up chain verification")
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_NO_CHECK_TIME) | UInt(X509_V_FLAG_X509_STRICT))
        // Leaf, one intermediate, the anchor: no other path is acceptable.
        X509_VERIFY_PARAM_set_depth(parameters, 1)
        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            let depth = X509_STORE_CTX_get_error_depth(context)
            let text = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            ERR_clear_error()
            throw VerificationError(
                .untrustedChain,
                "the x5c chain does not lead to a trusted root: \(text) (certificate at depth \(depth))")
        }
        guard let chain = X509_STORE_CTX_get0_chain(context) else {
            throw VerificationError(.untrustedChain, "OpenSSL returned no chain")
        }
        let count = agekit_sk_X509_num(chain)
        guard count == 3 else {
            throw VerificationError(.untrustedChain, "the verified chain has \(count) certificates, not 3")
        }
        var window = ValidityWindow(notBefore: Int64.min, notAfter: Int64.max)
        var environments: Set<Environment>?
        for index in 0..<count {
            guard let certificate = agekit_sk_X509_value(chain, index) else { continue }
            // Borrowed from the context's chain: take a reference for the temporary owner.
            X509_up_ref(certificate)
            let owned = X509Certificate(owning: certificate)
            window = window.intersection(owned.validity)
            if index == count - 1, !restrictions.isEmpty { environments = restrictions[owned.der] }
        }
        return (window, environments)
    }
}
