internal import CCrypto

/// SHA-256 through a digest fetched once.
package enum SHA256Digest {
    /// Owns the fetched `EVP_MD`; fetching on each call costs a provider lookup.
    private final class Algorithm: @unchecked Sendable {
        let pointer: OpaquePointer
        init() {
            guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { fatalError("OpenSSL has no SHA256") }
            pointer = md
        }
        deinit { EVP_MD_free(pointer) }
    }

    private static let algorithm = Algorithm()

    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// SHA-256 of bytes in place; the verifier's own, never a signature another module sees.
    static func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(input.baseAddress, input.count, &digest, &length, algorithm.pointer, nil)
        return digest
    }

    /// The hash state after the whole 64-byte blocks of a prefix, for inputs that start with
    /// it: App Store JWS signing inputs begin with the same 5 KB header segment, which is
    /// then hashed once instead of once per signature.
    ///
    /// `@unchecked Sendable`: the state is only read (copied) after `init`.
    final class Prefix: @unchecked Sendable {
        /// Bytes of the prefix the state covers: a multiple of 64, so nothing is buffered.
        let count: Int
        private let state: OpaquePointer

        /// Nil for a prefix shorter than one block, or when OpenSSL fails.
        init?(_ prefix: UnsafeRawBufferPointer) {
            let count = prefix.count & ~63
            guard count > 0, let state = EVP_MD_CTX_new() else { return nil }
            guard EVP_DigestInit_ex(state, algorithm.pointer, nil) == 1,
                EVP_DigestUpdate(state, prefix.baseAddress, count) == 1
            else {
                EVP_MD_CTX_free(state)
                ERR_clear_error()
                return nil
            }
            self.count = count
            self.state = state
        }

        deinit { EVP_MD_CTX_free(state) }

        /// SHA-256 of `input`, whose first ``count`` bytes are the prefix's (the caller compared
        /// them). Hashes only the rest.
        func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
            precondition(input.count >= count, "the input is shorter than the hashed prefix")
            guard let copy = EVP_MD_CTX_new() else { return SHA256Digest.hash(input) }
            defer { EVP_MD_CTX_free(copy) }
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            guard EVP_MD_CTX_copy_ex(copy, state) == 1,
                EVP_DigestUpdate(copy, input.baseAddress! + count, input.count - count) == 1,
                EVP_DigestFinal_ex(copy, &digest, &length) == 1
            else {
                ERR_clear_error()
                return SHA256Digest.hash(input)
            }
            return digest
        }
    }
}
