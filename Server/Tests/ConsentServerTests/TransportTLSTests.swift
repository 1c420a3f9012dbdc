import ConsentServer
import Foundation
import TestSupport
import Testing

@Suite("HTTPS served directly by the transport")
struct TransportTLSTests {
    /// A fresh self-signed P-256 certificate for `localhost`, valid two days from now.
    static func selfSignedFiles() throws -> (directory: URL, tls: TLSFiles) {
        let directory = TestScratch.root.appendingPathComponent("agekit-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("k.pem").path
        let certificate = directory.appendingPathComponent("c.pem").path
        let result = try run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                "-subj", "/CN=localhost", "-keyout", key, "-out", certificate,
            ])
        #expect(result.status == 0)
        return (directory, try TLSFiles(certificatePath: certificate, keyPath: key))
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func anHTTPSRequestSucceeds() throws {
        let files = try Self.selfSignedFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try startedServer(EchoResponder()) { $0.tls = files.tls }
        defer { server.stop() }
        let result = try Self.run(
            "curl",
            [
                "-k", "-s", "--max-time", "10", "-H", "X-Echo: secure", "-w", " %{http_code} %{ssl_verify_result}",
                "--data-binary", "over-tls", "https://127.0.0.1:\(server.port)/tls?x=1",
            ])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("over-tls 200"))
    }

    @Test func plainHTTPIsNotServedOnTheTLSPort() throws {
        let files = try Self.selfSignedFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try startedServer(EchoResponder()) { $0.tls = files.tls }
        defer { server.stop() }
        let result = try Self.run(
            "curl",
            ["-s", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(server.port)/"])
        #expect(result.output != "200")
    }

    /// TLS 1.2 is accepted and TLS 1.1 refused, by the same client with weak ciphers allowed,
    /// so the refusal comes from the server.
    @Test func onlyTLS12AndLaterAreAccepted() throws {
        let files = try Self.selfSignedFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try startedServer(EchoResponder()) { $0.tls = files.tls }
        defer { server.stop() }
        func handshake(_ version: String) throws -> Int32 {
            try Self.run(
                "openssl",
                ["s_client", "-connect", "127.0.0.1:\(server.port)", version, "-cipher", "DEFAULT@SECLEVEL=0"]
            ).status
        }
        #expect(try handshake("-tls1_2") == 0)
        #expect(try handshake("-tls1_3") == 0)
        #expect(try handshake("-tls1_1") != 0)
    }

    @Test func aKeyThatIsNotPEMIsRefusedBeforeBinding() throws {
        let files = try Self.selfSignedFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let swapped = TLSFiles(certificatePEM: files.tls.keyPEM, keyPEM: files.tls.certificatePEM)
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, tls: swapped), responder: EchoResponder())
        let error = #expect(throws: ServerError.self) { try server.start() }
        #expect(error?.code == .tlsInvalid)
    }

    @Test func aCorruptCertificateIsRefusedAtStart() throws {
        let files = try Self.selfSignedFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let corrupt = TLSFiles(
            certificatePEM: Array("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8),
            keyPEM: files.tls.keyPEM)
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, tls: corrupt), responder: EchoResponder())
        let error = #expect(throws: ServerError.self) { try server.start() }
        #expect(error?.code == .tlsInvalid)
    }

    /// What `/metrics` shows as `agekit_tls_certificate_expiry_timestamp_seconds`: the first
    /// certificate of the chain file (the one served), not a later one.
    @Test func theServedCertificatesExpiryIsTheFirstOfTheChain() throws {
        let started = Date().timeIntervalSince1970
        let served = try Self.selfSignedFiles()  // two days
        let issuer = try Self.selfSignedFiles()
        defer {
            try? FileManager.default.removeItem(at: served.directory)
            try? FileManager.default.removeItem(at: issuer.directory)
        }
        _ = try Self.run(
            "openssl",
            [
                "req", "-x509", "-key", issuer.directory.appendingPathComponent("k.pem").path, "-days", "30",
                "-subj", "/CN=issuer", "-out", issuer.directory.appendingPathComponent("c.pem").path,
            ])
        let issuerPEM = [UInt8](try Data(contentsOf: issuer.directory.appendingPathComponent("c.pem")))
        let chain = TLSFiles(certificatePEM: served.tls.certificatePEM + issuerPEM, keyPEM: served.tls.keyPEM)
        let expiry = try #require(chain.certificateExpiry)
        #expect(abs(Double(expiry) - (started + 2 * 86_400)) < 120)
        let issuerExpiry = try #require(TLSFiles(certificatePEM: issuerPEM, keyPEM: []).certificateExpiry)
        #expect(abs(Double(issuerExpiry) - (started + 30 * 86_400)) < 120)
        #expect(TLSFiles(certificatePEM: served.tls.keyPEM, keyPEM: []).certificateExpiry == nil)
    }

    @Test func missingFilesAreNamed() {
        let error = #expect(throws: ServerError.self) {
            _ = try TLSFiles(certificatePath: "/nonexistent/c.pem", keyPath: "/nonexistent/k.pem")
        }
        #expect(error?.code == .tlsFileUnreadable)
        #expect(error?.reason.contains("/nonexistent/c.pem") == true)
    }
}
