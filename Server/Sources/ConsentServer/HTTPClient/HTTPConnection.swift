internal import CTLS
import Foundation
import ServerTime

/// The OpenSSL context of one trust, made once and shared by every connection that uses it:
/// the system's CA store, or exactly the certificates of one PEM file (a private CA).
final class TLSTrust: @unchecked Sendable {
    // Immutable once set up, which is when OpenSSL lets threads share a context.
    fileprivate let context: OpaquePointer

    init(caFile: String?) throws(ServerError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw ServerError(.noAnswer, "cannot create a TLS context")
        }
        self.context = context
        _ = agekit_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                throw ServerError(.noAnswer, "cannot read a CA certificate from \(caFile)")
            }
        } else {
            guard SSL_CTX_set_default_verify_paths(context) == 1 else {
                throw ServerError(.noAnswer, "cannot load the system's CA certificates")
            }
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
    }

    deinit { SSL_CTX_free(context) }
}

/// One connection for one exchange: TCP, and TLS over it when a trust is given (the peer's
/// name or address checked against its certificate). Every wait ends at the deadline.
final class HTTPConnection {
    /// "host:port", for messages.
    let place: String
    private let descriptor: Int32
    /// On `clock`'s monotonic seconds.
    private let deadline: Double
    private let clock: any ServerClock
    private var ssl: OpaquePointer?

    init(host: String, port: Int, trust: TLSTrust?, deadline: Double, clock: any ServerClock) throws(ServerError) {
        place = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        self.deadline = deadline
        self.clock = clock
        switch Platform.openConnection(host: host, port: port, timeoutSeconds: deadline - clock.monotonic()) {
        case .success(let descriptor):
            self.descriptor = descriptor
        case .failure(let error) where error.unresolved:
            throw ServerError(.noAnswer, "cannot resolve \(host)")
        case .failure(let error):
            throw ServerError(.noAnswer, "cannot connect to \(place): \(Platform.describe(error: error.code))")
        }
        if let trust { try startTLS(trust, host: host) }
    }

    deinit {
        if let ssl {
            _ = SSL_shutdown(ssl)
            SSL_free(ssl)
        }
        Platform.closeDescriptor(descriptor)
    }

    func write(_ bytes: [UInt8]) throws(ServerError) {
        try limitWaits()
        if let ssl {
            ERR_clear_error()
            let written = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
            guard written == bytes.count else { throw failure("the request could not be sent") }
        } else {
            guard Platform.sendAll(bytes, on: descriptor) else { throw failure("the request could not be sent") }
        }
    }

    /// What arrived next, waiting for at least one byte; empty once the server closed.
    func read() throws(ServerError) -> [UInt8] {
        try limitWaits()
        guard let ssl else {
            guard let bytes = Platform.receive(from: descriptor, maximum: 65_536) else {
                throw failure("the answer could not be read")
            }
            return bytes
        }
        ERR_clear_error()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
        if count > 0 { return Array(buffer[0..<Int(count)]) }
        let reason = SSL_get_error(ssl, count)
        if reason == SSL_ERROR_ZERO_RETURN { return [] }
        // A server that closes without TLS's close_notify: the answer's framing decides
        // whether what came is whole.
        if reason == SSL_ERROR_SYSCALL || reason == SSL_ERROR_SSL, !Platform.isWaitLimit(Platform.lastError) {
            return []
        }
        throw failure("the answer could not be read")
    }

    private func startTLS(_ trust: TLSTrust, host: String) throws(ServerError) {
        guard let ssl = SSL_new(trust.context) else { throw ServerError(.noAnswer, "cannot create a TLS connection") }
        self.ssl = ssl
        _ = SSL_set_fd(ssl, descriptor)
        if Platform.addressBytes(host) != nil {
            _ = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
        } else {
            _ = agekit_SSL_set_tlsext_host_name(ssl, host)
            _ = SSL_set1_host(ssl, host)
        }
        try limitWaits()
        ERR_clear_error()
        guard SSL_connect(ssl) == 1 else {
            let verdict = SSL_get_verify_result(ssl)
            if verdict != X509_V_OK {
                throw ServerError(
                    .noAnswer, "TLS with \(place): \(String(cString: X509_verify_cert_error_string(verdict)))")
            }
            throw failure("the TLS handshake failed")
        }
    }

    /// Gives the next send or receive what is left before the deadline.
    private func limitWaits() throws(ServerError) {
        let left = deadline - clock.monotonic()
        guard left > 0 else { throw ServerError(.noAnswer, "no answer from \(place) in time") }
        Platform.limitWaits(of: descriptor, toSeconds: left)
    }

    private func failure(_ what: String) -> ServerError {
        let code = Platform.lastError
        if Platform.isWaitLimit(code) { return ServerError(.noAnswer, "no answer from \(place) in time") }
        return ServerError(
            .noAnswer, "\(what) (\(place)): \(code == 0 ? "the connection failed" : Platform.describe(error: code))")
    }
}
