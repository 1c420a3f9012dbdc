import AppStoreSignedData
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `agekit serve` on a free loopback port with its own data directory.
final class ServerProcess: @unchecked Sendable {
    let dataDirectory: URL
    let process = Process()
    private(set) var port: UInt16 = 0
    private let output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var adminToken: String {
        (try? String(contentsOf: dataDirectory.appendingPathComponent("admin-token"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }
    var databasePath: String { dataDirectory.appendingPathComponent("agekit.sqlite").path }

    /// Starts the server and waits until it prints the port it listens on. Its standard
    /// error (the request log) goes to `standardErrorFile`, or nowhere.
    init(dataDirectory: URL? = nil, extraArguments: [String] = [], standardErrorFile: URL? = nil) throws {
        self.dataDirectory =
            dataDirectory
            ?? TestScratch.root.appendingPathComponent("agekit-e2e-\(UUID().uuidString)")
        process.executableURL = AgekitBinary.url
        process.arguments =
            ["serve", "--listen", "127.0.0.1:0", "--data-dir", self.dataDirectory.path] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "AGEKIT_ADMIN_TOKEN")
        process.environment = environment
        process.standardOutput = output
        if let standardErrorFile {
            _ = FileManager.default.createFile(atPath: standardErrorFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: standardErrorFile)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock {
                guard let self else { return }
                // A read can end inside a line: keep the unfinished end for the next one.
                var pieces = (self.partial + text).split(separator: "\n", omittingEmptySubsequences: false)
                self.partial = String(pieces.removeLast())
                self.lines.append(contentsOf: pieces.map(String.init))
            }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let line = lock.withLock({ lines.first { $0.contains("listening on") } }),
                let portText = line.split(separator: ":").dropFirst(2).first?.prefix(while: \.isNumber),
                let port = UInt16(portText)
            {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw ServerStartFailure(output: lock.withLock { lines.joined(separator: "\n") })
    }

    var printed: [String] { lock.withLock { lines } }

    /// True once the server has printed a line containing `text` (the startup summary
    /// follows the "listening on" line), false after `seconds`.
    /// Every line the process has written so far (standard output and error).
    var outputLines: [String] { lock.withLock { lines } }

    func waitForLine(containing text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if lock.withLock({ lines.contains { $0.contains(text) } }) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return false
    }

    /// Sends SIGTERM and waits for a graceful exit; returns the exit status.
    @discardableResult
    func terminate() -> Int32 {
        if process.isRunning { process.terminate() }
        waitForExit()
        return process.terminationStatus
    }

    /// Waits for the process to end, then stops watching its output: a dispatch source left
    /// on the pipe after it closes can outlive its descriptor, which the next process reuses.
    func waitForExit() {
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
    }

    deinit {
        if process.isRunning { process.terminate() }
        output.fileHandleForReading.readabilityHandler = nil
        RetiredPipes.keep(output)
    }

    // MARK: - HTTP

    struct Response: Sendable {
        let status: Int
        let body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    func request(_ method: String, _ path: String, body: Data? = nil, admin: Bool = false) async throws -> Response {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 30
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if admin { request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return Response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    func post(signedPayload: String) async throws -> Response {
        try await request(
            "POST", "/v2/notifications",
            body: try JSONSerialization.data(withJSONObject: ["signedPayload": signedPayload]))
    }
}

struct ServerStartFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "agekit serve did not start:\n\(output)" }
}

extension ServerProcess {
    /// A server on a fresh data directory (its name starts with `label`) whose configuration
    /// file holds `json`.
    static func configured(
        _ json: String, label: String, extraArguments: [String] = [], standardErrorFile: URL? = nil
    ) throws -> ServerProcess {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(json.utf8).write(to: configuration)
        return try ServerProcess(
            dataDirectory: directory, extraArguments: ["--config", configuration.path] + extraArguments,
            standardErrorFile: standardErrorFile)
    }

    /// The local CA the server made in its data directory.
    func localCA() throws -> LocalCertificateAuthority {
        try LocalCertificateAuthority.load(directory: dataDirectory.appendingPathComponent("ca").path)
    }
}
