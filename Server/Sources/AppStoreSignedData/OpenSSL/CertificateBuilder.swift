internal import CCrypto

/// Issues X.509 certificates for the local test certificate authority on OpenSSL's X.509 API.
enum CertificateBuilder {
    enum Role {
        case root, intermediate, leaf
    }

    /// - Parameters:
    ///   - issuer: nil for a self-signed root.
    ///   - appleOID: the Apple marker extension to carry, if any.
    static func issue(
        role: Role, commonName: String, subjectKey: OpenSSLKey,
        issuer: (certificate: X509Certificate, key: OpenSSLKey)?,
        serial: Int64, notBefore: Int64, notAfter: Int64, appleOID: ObjectIdentifierOpenSSL?
    ) throws(VerificationError) -> X509Certificate {
        guard let x509 = X509_new() else { throw VerificationError(.signingFailed, "X509_new failed") }
        let certificate = X509Certificate(owning: x509)  // freed with `certificate` on any failure
        guard X509_set_version(x509, 2) == 1,
            ASN1_INTEGER_set(X509_get_serialNumber(x509), Int(serial)) == 1,
            ASN1_TIME_set(X509_getm_notBefore(x509), time_t(notBefore)) != nil,
            ASN1_TIME_set(X509_getm_notAfter(x509), time_t(notAfter)) != nil,
            X509_set_pubkey(x509, subjectKey.pointer) == 1
        else { throw failure("certificate fields") }

        guard let name = X509_NAME_new() else { throw failure("X509_NAME_new") }
        defer { X509_NAME_free(name) }
        for (field, value) in [("CN", commonName), ("OU", "AgeKit Local Testing"), ("O", "AgeKit"), ("C", "US")] {
            guard X509_NAME_add_entry_by_txt(name, field, MBSTRING_ASC, value, -1, -1, 0) == 1 else {
                throw failure("subject name")
            }
        }
        guard X509_set_subject_name(x509, name) == 1,
            X509_set_issuer_name(x509, issuer.map { X509_get_subject_name($0.certificate.pointer) } ?? name) == 1
        else { throw failure("issuer name") }

        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer?.certificate.pointer ?? x509, x509, nil, nil, 0)
        let extensions: [(Int32, String)] =
            switch role {
            case .root, .intermediate:
                [
                    (NID_basic_constraints, "critical,CA:TRUE" + (role == .intermediate ? ",pathlen:0" : "")),
                    (NID_key_usage, "critical,keyCertSign,cRLSign"),
                    (NID_subject_key_identifier, "hash"),
                    (NID_authority_key_identifier, "keyid:always"),
                ]
            case .leaf:
                [
                    (NID_basic_constraints, "critical,CA:FALSE"),
                    (NID_key_usage, "critical,digitalSignature"),
                    (NID_subject_key_identifier, "hash"),
                    (NID_authority_key_identifier, "keyid:always"),
                ]
            }
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else { throw failure("extension \(nid)") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(x509, ext, -1) == 1 else { throw failure("add extension \(nid)") }
        }
        if let appleOID {
            // Apple's marker extensions hold an ASN.1 NULL.
            guard let value = ASN1_OCTET_STRING_new() else { throw failure("ASN1_OCTET_STRING_new") }
            defer { ASN1_OCTET_STRING_free(value) }
            let null: [UInt8] = [0x05, 0x00]
            guard ASN1_OCTET_STRING_set(value, null, Int32(null.count)) == 1,
                let ext = X509_EXTENSION_create_by_OBJ(nil, appleOID.pointer, 0, value)
            else { throw failure("Apple extension") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(x509, ext, -1) == 1 else { throw failure("add Apple extension") }
        }
        guard X509_sign(x509, (issuer?.key ?? subjectKey).pointer, EVP_sha256()) > 0 else {
            throw failure("X509_sign")
        }
        return certificate
    }

    private static func failure(_ step: String) -> VerificationError {
        let code = ERR_get_error()
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        ERR_clear_error()
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return VerificationError(.signingFailed, "could not build a certificate (\(step)): \(message)")
    }
}
