import ConsentServer
import Foundation

/// The demo's requests to its own receiver, as a backend and Apple would make them.
enum DemoHTTP {
    /// A status and body; status 0 when no answer came, the body then saying why.
    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    static func send(
        _ method: String, _ url: String, token: String? = nil, json: [String: String]? = nil
    ) async -> Answer {
        guard let target = URL(string: url) else { return Answer(status: 0, body: "not a URL: \(url)") }
        var request = HTTPClientRequest(method, target, timeoutSeconds: 15)
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let json {
            request.headers["Content-Type"] = "application/json"
            request.body =
                (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])).map { [UInt8]($0) } ?? []
        }
        do {
            let answer = try await NetworkHTTPClient().send(detached: request)
            return Answer(status: answer.status, body: String(decoding: answer.body, as: UTF8.self))
        } catch {
            return Answer(status: 0, body: "no answer from \(url): \(error.reason)")
        }
    }

    /// A top-level string field of a JSON object, or nil.
    static func field(_ name: String, of json: String) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?[name] as? String
    }
}
