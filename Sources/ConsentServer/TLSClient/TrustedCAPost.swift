internal import CTLS
import Foundation

/// One HTTPS POST that trusts exactly the CA certificates of one PEM file, for a server with
/// a self-signed or private certificate (`agekit simulate --to https://... --cacert FILE`).
/// URLSession on Linux trusts only the system store, so this speaks TLS (1.2 or later, the
/// peer's name or address checked) through OpenSSL, and HTTP/1.1 with `Connection: close`.
package enum TrustedCAPost {
    package struct Answer: Sendable {
        package let status: Int
        package let body: [UInt8]
    }

    package static func post(
        _ url: URL, headers: [String: String], body: [UInt8], caFile: String, timeoutSeconds: Double = 30
    ) throws(ServerError) -> Answer {
        guard url.scheme == "https", let host = url.host else {
            throw ServerError(.postFailed, "--cacert needs an https:// URL")
        }
        let port = url.port ?? 443
        let descriptor = try openConnection(host: host, port: port, timeoutSeconds: timeoutSeconds)
        defer { Platform.closeDescriptor(descriptor) }
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw ServerError(.postFailed, "cannot create a TLS context")
        }
        defer { SSL_CTX_free(context) }
        _ = agekit_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
            throw ServerError(.postFailed, "cannot read a CA certificate from \(caFile)")
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        guard let ssl = SSL_new(context) else { throw ServerError(.postFailed, "cannot create a TLS connection") }
        defer { SSL_free(ssl) }
        _ = SSL_set_fd(ssl, descriptor)
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if bareHost.contains(":") || bareHost.allSatisfy({ $0.isNumber || $0 == "." }) {
            _ = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), bareHost)
        } else {
            _ = agekit_SSL_set_tlsext_host_name(ssl, bareHost)
            _ = SSL_set1_host(ssl, bareHost)
        }
        guard SSL_connect(ssl) == 1 else {
            let verdict = SSL_get_verify_result(ssl)
            let reason =
                verdict == X509_V_OK
                ? "the TLS handshake failed" : String(cString: X509_verify_cert_error_string(verdict))
            throw ServerError(.postFailed, "TLS with \(host):\(port): \(reason)")
        }
        defer { _ = SSL_shutdown(ssl) }
        var request = "POST \(url.path.isEmpty ? "/" : url.path)\(url.query.map { "?" + $0 } ?? "") HTTP/1.1\r\n"
        request += "Host: \(host)\(url.port.map { ":\($0)" } ?? "")\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "Connection: close\r\n\r\n"
        let bytes = Array(request.utf8) + body
        let written = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        guard written == bytes.count else {
            throw ServerError(.postFailed, "the request could not be sent to \(host):\(port)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while received.count < 16 << 20 {
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<Int(count)])
        }
        return try HTTPAnswerParser.parse(received)
    }

    /// A TCP connection with send and receive deadlines.
    private static func openConnection(host: String, port: Int, timeoutSeconds: Double) throws(ServerError) -> Int32 {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        switch Platform.openConnection(host: bare, port: port, timeoutSeconds: timeoutSeconds) {
        case .success(let descriptor):
            return descriptor
        case .failure(let error) where error.unresolved:
            throw ServerError(.postFailed, "cannot resolve \(host)")
        case .failure(let error):
            throw ServerError(.postFailed, "cannot connect to \(host):\(port): \(Platform.describe(error: error.code))")
        }
    }
}
