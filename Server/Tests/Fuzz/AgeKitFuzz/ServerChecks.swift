import AppStoreSignedData
import Foundation

@testable import ConsentLedger
@testable import ConsentServer

/// Checks on what the server reads from outside: stored payloads, request paths, the
/// configuration file and the store URL.
enum ServerChecks {
    /// Packing then unpacking gives back the exact text; a text that cannot come back is not
    /// packed.
    static func packedPayload(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        guard let parts = JWSParts(compact: text),
            let packed = PackedPayload(
                SignedPayloadParts(
                    header: parts.header, headerDigest: parts.headerDigest, payload: parts.payload,
                    signature: parts.signature))
        else { return }
        guard packed.signedPayload == text, Array(packed.signedPayload.utf8) == Array(text.utf8) else {
            FuzzFailure.fail("unpacking does not give back the packed text", input)
        }
        let stored = PackedPayload.unpack(header: packed.header, body: packed.body, signature: packed.signature)
        guard Array(stored.utf8) == Array(text.utf8) else {
            FuzzFailure.fail("the stored parts unpack to another text", input)
        }
    }

    /// The first line is the path as it arrived (``Route`` decodes each segment once), the rest
    /// are `name=value` query arguments (decoded by libmicrohttpd). A route's parameters, percent-encoded into a path again,
    /// give back the same route; every request gets a known template.
    static func route(_ input: [UInt8]) {
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let path = String(lines.first ?? "")
        var query: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let request = HTTPRequest(method: "GET", path: path, query: query)
        let route = Route(request)
        let templates = Set(Route.all.map { $0.template } + ["invalid", "unknown"])
        guard templates.contains(route.name) else { FuzzFailure.fail("unknown template \(route.name)", input) }
        _ = route.isAdmin
        _ = route.methods
        guard let rebuilt = rebuiltPath(route) else { return }
        let again = Route(HTTPRequest(method: "GET", path: rebuilt, query: query))
        guard again == route else { FuzzFailure.fail("\(route) rebuilt as \(rebuilt) routes to \(again)", input) }
    }

    /// The path of a route, each parameter percent-encoded; nil for a route without one.
    static func rebuiltPath(_ route: Route) -> String? {
        func encoded(_ part: String) -> String {
            part.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? part
        }
        switch route {
        case .appTransactions(let bundle): return "/v1/apps/\(encoded(bundle))/app-transactions"
        case .account(let bundle, let account): return "/v1/apps/\(encoded(bundle))/accounts/\(encoded(account))"
        case .restore(let bundle, let account):
            return "/v1/apps/\(encoded(bundle))/accounts/\(encoded(account))/restore"
        case .events(let bundle): return "/v1/apps/\(encoded(bundle))/events"
        case .notification(let uuid): return "/v1/notifications/\(encoded(uuid))"
        default: return nil
        }
    }

    /// The configuration file: every input is loaded or refused with a configuration error.
    static func configuration(_ input: [UInt8]) {
        // What the strict reading accepts, Foundation parses too: no file passes the check and
        // then fails with Foundation's placeless refusal.
        if (try? StrictJSON.check(input)) != nil,
            (try? JSONSerialization.jsonObject(with: Data(input), options: .fragmentsAllowed)) == nil
        {
            FuzzFailure.fail("strict JSON that Foundation refuses", input)
        }
        let loader = ConfigurationLoader(environment: [:], readFile: { _ in Data(input) })
        do {
            _ = try loader.load(.init(configFile: "fuzz.json"))
        } catch {
            guard error.code == .invalidConfiguration else {
                FuzzFailure.fail("not a configuration error: \(error)", input)
            }
        }
    }

    /// The store URL: parsing never connects, and a password never shows in an error.
    static func storeURL(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        do {
            _ = try StoreURL(parsing: text, environment: ["AGEKIT_STORE_PASSWORD": "fuzz-secret-password"])
        } catch {
            guard !error.reason.contains("fuzz-secret-password") else {
                FuzzFailure.fail("an error shows the password", input)
            }
        }
    }
}
