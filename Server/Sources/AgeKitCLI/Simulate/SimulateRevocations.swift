import ConsentLedger
import Foundation
import ServerTime

/// `agekit simulate revocations`: a console's export of revoked approvals, made up. The
/// consoles do not publish their column names; these headers are two spellings the importer
/// finds by name, one per store, so that tests exercise the header search too.
enum SimulateRevocations {
    static func run(_ options: Arguments, _ console: Console) throws(CLIError) -> Int32 {
        if let extra = options.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        let store = try ImportCommand.storeName(options.required("store"))
        var ids = options.values("install-id")
        if ids.isEmpty { ids = [UUID().uuidString.lowercased()] }
        let date = try options.value("revoked-at", as: "a date such as 2026-03-05T14:30:00Z") {
            ISO8601DateFormatter().date(from: $0)
        }
        let when = (date ?? SystemClock().date()).formatted(.iso8601)
        let timed = !options.flag("without-time")
        let header: [String] =
            switch store {
            case .amazon: ["Install Id"] + (timed ? ["Revoked At"] : [])
            default: ["App package", "Install ID"] + (timed ? ["Revocation time (UTC)"] : [])
            }
        let rows = ids.map { id -> [String] in
            let lead = store == .amazon ? [id] : ["com.example.agekit", id]
            return lead + (timed ? [when] : [])
        }
        let csv = ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n") + "\n"
        guard let path = options.value("out") else {
            console.out(String(csv.dropLast()))
            return 0
        }
        do {
            try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .failure(code: "write_failed", message: "cannot write \(path): \(error.localizedDescription)")
        }
        return 0
    }

    private static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
