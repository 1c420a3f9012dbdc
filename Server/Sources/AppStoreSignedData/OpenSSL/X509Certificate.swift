internal import CCrypto

/// Owns one OpenSSL `X509`. The only place certificates are parsed, read and freed.
///
/// `@unchecked Sendable`: the `X509` is never mutated after parsing; OpenSSL 3 guards the
/// lazily cached extension data it computes on first use with its own lock.
final class X509Certificate: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of a reference the caller owned.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { X509_free(pointer) }

    /// Parses DER; nil when it is not one complete certificate.
    convenience init?(der: [UInt8]) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            // Trailing bytes after the certificate: not a clean DER certificate.
            guard let end = cursor, end == buffer.baseAddress! + buffer.count else {
                X509_free(certificate)
                return nil
            }
            return certificate
        }
        guard let parsed else {
            ERR_clear_error()
            return nil
        }
        self.init(owning: parsed)
    }

    /// Parses the first PEM certificate in `pem`.
    convenience init?(pem: [UInt8]) {
        let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
        guard let parsed else {
            ERR_clear_error()
            return nil
        }
        self.init(owning: parsed)
    }

    var der: [UInt8] {
        let length = i2d_X509(pointer, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_X509(pointer, &cursor)
        }
        return bytes
    }

    var pem: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_X509(bio, pointer) == 1 else { return "" }
        return MemoryBIO.string(bio)
    }

    /// The certificate's validity window in seconds since 1970.
    var validity: ValidityWindow {
        ValidityWindow(
            notBefore: Self.seconds(X509_get0_notBefore(pointer)) ?? Int64.max,
            notAfter: Self.seconds(X509_get0_notAfter(pointer)) ?? Int64.min)
    }

    private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Platform.secondsSince1970(utc: &parts)
    }

    /// The same certificate (OpenSSL's `X509_cmp`: equal DER).
    func isSame(as other: X509Certificate) -> Bool { X509_cmp(pointer, other.pointer) == 0 }

    func hasExtension(_ oid: ObjectIdentifierOpenSSL) -> Bool {
        X509_get_ext_by_OBJ(pointer, oid.pointer, -1) >= 0
    }

    /// The subject public key; nil when OpenSSL cannot decode it.
    var publicKey: OpenSSLKey? {
        guard let key = X509_get_pubkey(pointer) else {
            ERR_clear_error()
            return nil
        }
        return OpenSSLKey(owning: key)
    }

    var subjectSummary: String {
        guard let name = X509_get_subject_name(pointer), let line = X509_NAME_oneline(name, nil, 0) else {
            return "?"
        }
        defer { agekit_OPENSSL_free(line) }
        return String(cString: line)
    }
}

/// A certificate's validity window (inclusive), or the intersection of a chain's windows.
struct ValidityWindow: Sendable, Equatable {
    var notBefore: Int64
    var notAfter: Int64

    func intersection(_ other: ValidityWindow) -> ValidityWindow {
        ValidityWindow(notBefore: max(notBefore, other.notBefore), notAfter: min(notAfter, other.notAfter))
    }

    func contains(_ seconds: Int64) -> Bool { seconds >= notBefore && seconds <= notAfter }
}

/// Owns one `ASN1_OBJECT` (an OID).
final class ObjectIdentifierOpenSSL: @unchecked Sendable {
    let pointer: OpaquePointer
    let dotted: String

    init(_ dotted: String) {
        guard let object = OBJ_txt2obj(dotted, 1) else { fatalError("invalid built-in OID \(dotted)") }
        self.pointer = object
        self.dotted = dotted
    }

    deinit { ASN1_OBJECT_free(pointer) }

    static let appleLeaf = ObjectIdentifierOpenSSL("1.2.840.113635.100.6.11.1")
    static let appleIntermediate = ObjectIdentifierOpenSSL("1.2.840.113635.100.6.2.1")
}

enum MemoryBIO {
    static func string(_ bio: OpaquePointer) -> String {
        var data: UnsafeMutablePointer<CChar>?
        let length = agekit_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}
