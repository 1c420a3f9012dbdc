import AppStoreSignedData
import ConsentServer
import Foundation
import TestSupport

/// `agekit serve` on a free loopback port with its own data directory.
final class ServerProcess: @unchecked Sendable {
    let dataDirectory: URL
    let process = Process()
    private(set) var port: UInt16 = 0
    private let output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    private let connections = Turnstile(width: 6)

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
        try process.run()
        output.fileHandleForReading.follow { [weak self] data in
            let text = String(decoding: data, as: UTF8.self)
            self?.lock.withLock {
                guard let self else { return }
                // A read can end inside a line: keep the unfinished end for the next one.
                var pieces = (self.partial + text).split(separator: "\n", omittingEmptySubsequences: false)
                self.partial = String(pieces.removeLast())
                self.lines.append(contentsOf: pieces.map(String.init))
            }
        }
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

    /// Waits for the process to end; its output's reader stops at the end of the stream.
    func waitForExit() {
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    // MARK: - HTTP

    struct Response: Sendable {
        let status: Int
        let body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    func request(_ method: String, _ path: String, body: Data? = nil, admin: Bool = false) async throws -> Response {
        var request = HTTPClientRequest(
            method, URL(string: path, relativeTo: baseURL)!.absoluteURL, body: body.map { [UInt8]($0) } ?? [])
        if body != nil { request.headers["Content-Type"] = "application/json" }
        if admin { request.headers["Authorization"] = "Bearer \(adminToken)" }
        // The server's own client, not URLSession: see `FileHandle.follow`. At most six
        // exchanges at once, as URLSession's default per host: a test that sends thousands
        // at once waits in line here, not in the server's per-address connection limit.
        await connections.enter()
        let outcome: Result<HTTPClientResponse, ServerError>
        do throws(ServerError) {
            outcome = .success(try await NetworkHTTPClient().send(detached: request))
        } catch {
            outcome = .failure(error)
        }
        await connections.leave()
        let answer = try outcome.get()
        return Response(status: answer.status, body: Data(answer.body))
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

/// Lets at most `width` callers in at once; the others wait in their order of arrival.
actor Turnstile {
    private let width: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func enter() async {
        if inside < width {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the first waiting caller, if any.
    func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
