import Foundation
import ServerTime
import Synchronization

/// The real ``HTTPClient``: HTTP/1.1 over a connection of its own per request
/// (`Connection: close`), TLS 1.2 or later through OpenSSL for https.
///
/// Not URLSession: on Linux it watches each socket with a libdispatch source, and tearing
/// those down can crash the whole process (swift-corelibs-foundation issue 4791,
/// swift-corelibs-libdispatch issue 949). Blocking reads register nothing with an event loop.
/// Outbound connections go straight to the host: no proxy is read from the environment.
package struct NetworkHTTPClient: HTTPClient {
    /// The largest answer read; Apple's pages and a backend's replies are far smaller.
    package static let answerLimit = 16 << 20

    private let trust: LazyTrust
    /// What each request's deadline is measured on.
    private let clock: any ServerClock

    /// Trusts the system's CA store, or with `caFile` exactly the certificates in that PEM
    /// file (a server with a private CA, as `agekit simulate --cacert` posts to).
    package init(caFile: String? = nil, clock: any ServerClock = SystemClock()) {
        trust = LazyTrust(caFile: caFile)
        self.clock = clock
    }

    package func send(_ request: HTTPClientRequest) throws(ServerError) -> HTTPClientResponse {
        let target = try Target(request.url)
        let deadline = clock.monotonic() + request.timeoutSeconds
        let connection = try HTTPConnection(
            host: target.host, port: target.port, trust: target.secure ? try trust.made() : nil, deadline: deadline,
            clock: clock)
        try connection.write(try Self.head(of: request, target: target) + request.body)
        var received: [UInt8] = []
        while try !HTTPAnswerParser.isWhole(received, method: request.method) {
            let bytes = try connection.read()
            if bytes.isEmpty { break }
            received += bytes
            guard received.count <= Self.answerLimit else {
                throw ServerError(.noAnswer, "\(connection.place) sent an answer over \(Self.answerLimit >> 20) MiB")
            }
        }
        return try HTTPAnswerParser.parse(received, method: request.method, place: connection.place)
    }

    /// The request line and fields. A field that could end the head early is refused.
    static func head(of request: HTTPClientRequest, target: Target) throws(ServerError) -> [UInt8] {
        var text = "\(request.method) \(target.pathAndQuery) HTTP/1.1\r\nHost: \(target.hostField)\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }), !name.contains(":") else {
                throw ServerError(.noAnswer, "the request field \(name.debugDescription) holds a line break or a colon")
            }
            let lowered = name.lowercased()
            guard lowered != "host", lowered != "content-length", lowered != "connection" else { continue }
            text += "\(name): \(value)\r\n"
        }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            text += "Content-Length: \(request.body.count)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// Where a URL points, as the connection and the request line need it.
    struct Target {
        var secure: Bool
        /// Without brackets for an IPv6 address.
        var host: String
        var port: Int
        var hostField: String
        /// Percent-encoded as in the URL.
        var pathAndQuery: String

        init(_ url: URL) throws(ServerError) {
            guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let named = parts.host, !named.isEmpty
            else {
                throw ServerError(.noAnswer, "not an http:// or https:// URL with a host: \(url.absoluteString)")
            }
            secure = scheme == "https"
            host = named.hasPrefix("[") ? String(named.dropFirst().dropLast()) : named
            port = parts.port ?? (secure ? 443 : 80)
            let bracketed = host.contains(":") ? "[\(host)]" : host
            hostField = parts.port.map { "\(bracketed):\($0)" } ?? bracketed
            let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
            pathAndQuery = path + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
    }
}

/// A trust made on first use, so that a client that only speaks plain HTTP never reads the
/// CA store, and made once for every later request.
private final class LazyTrust: Sendable {
    private let caFile: String?
    private let trust = Mutex<TLSTrust?>(nil)

    init(caFile: String?) { self.caFile = caFile }

    func made() throws(ServerError) -> TLSTrust {
        try trust.withLock { (trust: inout TLSTrust?) throws(ServerError) -> TLSTrust in
            if let trust { return trust }
            let made = try TLSTrust(caFile: caFile)
            trust = made
            return made
        }
    }
}
