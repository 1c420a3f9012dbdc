internal import CCrypto

/// Owns one OpenSSL `X509_STORE`: the certificates a chain may end at (the configured
/// anchors in ``TrustStore``, one verified intermediate in ``TrustedIntermediate``), and runs
/// `X509_verify_cert` against it.
///
/// `@unchecked Sendable`: the store is filled once in `init` and only read afterwards;
/// OpenSSL locks its lookups internally.
final class X509Store: @unchecked Sendable {
    private let store: OpaquePointer
    /// Keeps the certificates alive as long as the store (it holds references of its own too).
    private let certificates: [X509Certificate]

    init(certificates: [X509Certificate]) {
        guard let store = X509_STORE_new() else { fatalError("X509_STORE_new failed: out of memory") }
        for certificate in certificates {
            X509_STORE_add_cert(store, certificate.pointer)
        }
        ERR_clear_error()
        self.store = store
        self.certificates = certificates
    }

    deinit { X509_STORE_free(store) }

    enum Outcome {
        /// The chain OpenSSL built, leaf first, ending at a certificate of the store.
        case verified([X509Certificate])
        /// OpenSSL's reason, the depth of the certificate it failed at (-1: no verification
        /// ran), and the chain it had built so far, leaf first.
        case failed(reason: String, depth: Int32, chain: [X509Certificate])
    }

    /// One `X509_verify_cert` run: strict (`X509_V_FLAG_X509_STRICT`), time ignored (callers
    /// check the chain's window at their own effective time, so cached chains stay exact).
    ///
    /// - Parameters:
    ///   - untrusted: the only certificate OpenSSL may use between `leaf` and the store.
    ///   - depth: how many untrusted CA certificates the chain may hold (neither the leaf nor
    ///     the store's certificate counts).
    ///   - partialChain: any certificate of the store ends the chain, not only a root.
    func verify(leaf: X509Certificate, untrusted: X509Certificate?, depth: Int32, partialChain: Bool) -> Outcome {
        guard let context = X509_STORE_CTX_new(), let stack = agekit_sk_X509_new_null() else {
            return .failed(reason: "out of memory while verifying the chain", depth: -1, chain: [])
        }
        defer {
            X509_STORE_CTX_free(context)
            agekit_sk_X509_free(stack)  // frees the stack only; the certificates stay owned
        }
        if let untrusted { _ = agekit_sk_X509_push(stack, untrusted.pointer) }
        guard X509_STORE_CTX_init(context, store, leaf.pointer, stack) == 1 else {
            ERR_clear_error()
            return .failed(reason: "could not set up chain verification", depth: -1, chain: [])
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        var flags = UInt(X509_V_FLAG_NO_CHECK_TIME) | UInt(X509_V_FLAG_X509_STRICT)
        if partialChain { flags |= UInt(X509_V_FLAG_PARTIAL_CHAIN) }
        X509_VERIFY_PARAM_set_flags(parameters, flags)
        X509_VERIFY_PARAM_set_depth(parameters, depth)
        let verified = X509_verify_cert(context) == 1
        let chain = Self.chain(context)
        guard verified else {
            let code = X509_STORE_CTX_get_error(context)
            let text = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            ERR_clear_error()
            return .failed(reason: text, depth: X509_STORE_CTX_get_error_depth(context), chain: chain)
        }
        return .verified(chain)
    }

    /// The context's chain, each certificate with a reference of its own.
    private static func chain(_ context: OpaquePointer) -> [X509Certificate] {
        guard let chain = X509_STORE_CTX_get0_chain(context) else { return [] }
        return (0..<agekit_sk_X509_num(chain)).compactMap { index in
            guard let certificate = agekit_sk_X509_value(chain, index) else { return nil }
            X509_up_ref(certificate)  // borrowed from the context
            return X509Certificate(owning: certificate)
        }
    }
}
