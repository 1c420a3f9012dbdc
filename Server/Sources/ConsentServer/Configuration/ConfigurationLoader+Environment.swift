extension ConfigurationLoader {
    /// The `AGEKIT_*` variables, over the file and under the flags.
    func applyEnvironment(to configuration: inout ServerConfiguration) throws(ServerError) {
        if let listen = environment["AGEKIT_LISTEN"] {
            try setListen(listen, field: "AGEKIT_LISTEN", on: &configuration)
        }
        if let directory = environment["AGEKIT_DATA_DIR"] { configuration.dataDirectory = directory }
        if let store = environment["AGEKIT_STORE"] { configuration.store = store }
        if let roots = environment["AGEKIT_APPLE_ROOTS"] {
            configuration.appleRoots = roots.split(separator: ":").map(String.init)
        }
        // Half a pair is an error, never a silent plain-HTTP start.
        switch (environment["AGEKIT_TLS_CERT"], environment["AGEKIT_TLS_KEY"]) {
        case (let certificate?, let key?):
            guard !certificate.isEmpty, !key.isEmpty else {
                throw ServerError.configuration(
                    "AGEKIT_TLS_CERT", "AGEKIT_TLS_CERT and AGEKIT_TLS_KEY must name PEM files")
            }
            configuration.tls = .init(certificate: certificate, key: key)
        case (.some, nil):
            throw ServerError.configuration(
                "AGEKIT_TLS_CERT", "is set without AGEKIT_TLS_KEY: set both for HTTPS, or neither for plain HTTP")
        case (nil, .some):
            throw ServerError.configuration(
                "AGEKIT_TLS_KEY", "is set without AGEKIT_TLS_CERT: set both for HTTPS, or neither for plain HTTP")
        case (nil, nil):
            break
        }
    }
}
