import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        var request = URLRequest(url: target, timeoutInterval: 15)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return Answer(
                status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self))
        } catch {
            return Answer(status: 0, body: "no answer from \(url): \(error.localizedDescription)")
        }
    }

    /// A top-level string field of a JSON object, or nil.
    static func field(_ name: String, of json: String) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?[name] as? String
    }
}
