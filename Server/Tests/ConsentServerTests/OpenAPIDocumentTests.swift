import ConsentServer
import Foundation
import TestSupport
import Testing

/// docs/openapi.yaml and the router agree: every route and method the server serves is in the
/// document, every operation of the document is served, and the router answers exactly those
/// methods (scripts/openapi-check holds the answers themselves to the document).
@Suite("docs/openapi.yaml documents exactly the routes and methods the server serves")
struct OpenAPIDocumentTests {
    static let document = Repository.path("docs/openapi.yaml")

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The document's operations as `METHOD /path`, read from its `paths` section: a path is a
    /// line `  /path:`, an operation a line `    get:` (or another method) below it.
    static func documented() throws -> Set<String> {
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        for line in try String(contentsOf: document, encoding: .utf8).split(separator: "\n") {
            if !line.hasPrefix(" ") {  // a top-level key (or a comment): `paths:` opens the section
                inPaths = line == "paths:"
                path = nil
            } else if inPaths && line.hasPrefix("  /") && line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if inPaths, let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let key = String(line.dropFirst(4).dropLast())
                if methods.contains(key) { operations.insert("\(key.uppercased()) \(path)") }
            }
        }
        return operations
    }

    static var served: Set<String> {
        Set(Route.all.flatMap { route in route.methods.map { "\($0) \(route.template)" } })
    }

    @Test("every route and method the router serves is an operation of the document")
    func servedIsDocumented() throws {
        let missing = Self.served.subtracting(try Self.documented())
        #expect(missing.isEmpty, "served but not in docs/openapi.yaml: \(missing.sorted())")
    }

    @Test("every operation of the document is served")
    func documentedIsServed() throws {
        let documented = try Self.documented()
        #expect(documented.count >= Route.all.count, "the paths section was not read: \(documented.sorted())")
        let unserved = documented.subtracting(Self.served)
        #expect(unserved.isEmpty, "in docs/openapi.yaml but not served: \(unserved.sorted())")
    }

    /// Each template with sample values, through the real responder: a listed method reaches its
    /// handler, any other gets 405 with the listed ones in `Allow`.
    @Test("the router answers each route's listed methods and refuses the others with 405 and Allow")
    func routerTakesTheListedMethods() throws {
        let fixture = try ResponderFixture()
        for route in Route.all {
            let path = route.template.replacingOccurrences(of: "{bundleId}", with: ResponderFixture.bundleId)
                .replacingOccurrences(of: "{accountId}", with: "alice")
                .replacingOccurrences(of: "{uuid}", with: UUID().uuidString)
            for method in Self.methods.map({ $0.uppercased() }) {
                let answer = fixture.send(method, path)
                if route.methods.contains(method) {
                    #expect(
                        answer.status != 405 && answer.errorCode != "not_found", "\(method) \(path): \(answer.status)")
                } else {
                    #expect(answer.status == 405, "\(method) \(path)")
                    let allow = answer.headers.first { $0.name == "Allow" }?.value
                    #expect(allow == route.methods.joined(separator: ", "), "\(method) \(path)")
                }
            }
        }
    }

    @Test("the document's version is the release's")
    func version() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(text.contains("\n  version: \(Release.version)\n"), "info.version of docs/openapi.yaml")
    }
}
