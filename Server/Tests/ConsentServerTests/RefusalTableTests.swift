import AppStoreSignedData
import ConsentLedger
import Foundation
import TestSupport
import Testing

@testable import ConsentServer

/// `Refusal` is the one table of HTTP statuses, and docs/openapi.yaml says the same: every
/// code the document lists under a status gets that status from the table, and every code the
/// server answers requests with is in the document.
@Suite("the refusal table and docs/openapi.yaml agree on every code's status")
struct RefusalTableTests {
    /// Each code the document lists, with the statuses it is listed under: read from the
    /// `enum: [...]` and `const:` lines below a `'4xx':` key of an operation, or of a shared
    /// response or schema that an operation's status refers to
    /// (`$ref: '#/components/responses/Name'`, `$ref: '#/components/schemas/Name'`).
    static func documented() throws -> [String: Set<Int>] {
        let lines = try String(contentsOf: Repository.path("docs/openapi.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var codesOf: [String: [String]] = [:]  // a status key's place, or a shared response's name
        var statusOf: [String: Int] = [:]
        var refs: [(status: Int, name: String)] = []
        var place: String?
        var status: Int?
        var inShared = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  ") && !line.hasPrefix("   ") {  // a path, or a part of `components`
                inShared = trimmed == "responses:" || trimmed == "schemas:"
                (place, status) = (nil, nil)
            }
            if inShared, line.hasPrefix("    "), !line.hasPrefix("     "), trimmed.hasSuffix(":") {
                (place, status) = (String(trimmed.dropLast()), nil)
            } else if let match = trimmed.wholeMatch(of: /'(\d{3})':/), let value = Int(match.1) {
                (place, status) = ("line \(index)", value)
                statusOf["line \(index)"] = value
            } else if let status,
                let match = trimmed.wholeMatch(of: /\$ref: '#\/components\/(?:responses|schemas)\/(\w+)'/)
            {
                refs.append((status, String(match.1)))
            } else if let place, trimmed.hasPrefix("const: ") {
                codesOf[place, default: []].append(String(trimmed.dropFirst(7)))
            } else if let place, trimmed.hasPrefix("enum: [") {
                var text = String(trimmed.dropFirst(7))
                while !text.contains("]"), index + 1 < lines.count {
                    index += 1
                    text += lines[index].trimmingCharacters(in: .whitespaces)
                }
                let list = text.prefix { $0 != "]" }.split(separator: ",")
                codesOf[place, default: []] += list.map { $0.trimmingCharacters(in: .whitespaces) }
            }
            index += 1
        }
        var documented: [String: Set<Int>] = [:]
        for (place, codes) in codesOf {
            guard let status = statusOf[place] else { continue }
            for code in codes { documented[code, default: []].insert(status) }
        }
        for (status, name) in refs {
            for code in codesOf[name] ?? [] { documented[code, default: []].insert(status) }
        }
        return documented
    }

    /// The status the table gives a code, whichever module's it is.
    static func tableStatus(_ code: String) -> Int? {
        if let server = ServerErrorCode(rawValue: code) { return Refusal(ServerError(server, "")).status }
        if let ledger = LedgerError.Code(rawValue: code) { return Refusal(LedgerError(ledger, "")).status }
        if let verification = VerificationError.Code(rawValue: code) {
            return Refusal(VerificationError(verification, "")).status
        }
        return nil
    }

    /// A notification that is not for this server is a 403 whatever its code
    /// (`Refusal(identity:)`): its app, environment, App Apple ID or signing time.
    static let identityCodes: Set<String> = [
        "unknown_app", "wrong_bundle_id", "wrong_app_apple_id", "wrong_environment", "signed_date_too_old",
        "signed_date_in_future",
    ]

    @Test("every code the document lists under a status gets that status from the table")
    func documentedStatusesAreTheTables() throws {
        let documented = try Self.documented()
        #expect(documented.count > 30, "the document's codes were not read: \(documented)")
        for (code, statuses) in documented.sorted(by: { $0.key < $1.key }) {
            guard let status = Self.tableStatus(code) else { continue }  // another API's (Apple's)
            for listed in statuses where listed != status {
                // `Refusal(identity:)`: 403 whatever the code; `Refusal(notReady:)`: /readyz's 503
                // whatever the ledger's code.
                let identity = listed == 403 && Self.identityCodes.contains(code)
                let notReady = listed == 503 && LedgerError.Code(rawValue: code) != nil
                #expect(identity || notReady, "\(code): the document says \(listed), the table \(status)")
            }
        }
    }

    @Test("every code the server refuses a request with is in the document")
    func refusalsAreDocumented() throws {
        let text = try String(contentsOf: Repository.path("docs/openapi.yaml"), encoding: .utf8)
        // Not a request's: a start, the configuration, an outbound call, an attribution run.
        let notRequests: Set<ServerErrorCode> = [
            .invalidConfiguration, .startupFailed, .invalidAddress, .bindFailed, .tlsUnavailable, .tlsInvalid,
            .tlsFileUnreadable, .startFailed, .alreadyStarted, .noAnswer, .environmentMismatch,
        ]
        for code in ServerErrorCode.allCases where !notRequests.contains(code) {
            #expect(
                text.contains("`\(code.rawValue)`") || text.contains(code.rawValue + ","),
                "\(code.rawValue) is answered but not documented")
            #expect(Refusal(ServerError(code, "")).status != 500, "\(code.rawValue) has no request status")
        }
        for code in notRequests {
            #expect(Refusal(ServerError(code, "")).status == 500)
        }
    }

    @Test("a busy verifier asks for a retry; a storage failure hides its detail; other refusals do neither")
    func flags() {
        let busy = Refusal(VerificationError(.verificationBusy, ""))
        #expect(busy.status == 503 && busy.retryAfter && !busy.isStorageFailure)
        #expect(Refusal(LedgerError(.unavailable, "")).isStorageFailure)
        #expect(Refusal(LedgerError(.rejected, "")).isStorageFailure)
        let forged = Refusal(VerificationError(.signatureMismatch, ""))
        #expect(forged.status == 401 && !forged.retryAfter && !forged.isStorageFailure)
        #expect(Refusal(identity: VerificationError(.wrongBundleId, "")).status == 403)
    }
}
