import ConsentLedger
import Foundation

/// A console's export of revoked approvals (Google Play's "Revoked app approvals", Amazon's),
/// read by its header row: the exact column names are not published, so the install-id
/// column is found by name ("install id", "installId", "install_id", ...), a revocation time
/// column likewise if there is one, and an export that cannot be read that way is refused
/// whole, naming the headers found. The operator can name the columns instead.
package struct RevocationFile: Sendable {
    /// The largest export read: checked before the file is read, so a wrong file (an archive,
    /// a log) is refused without being loaded. A 90-day export of install ids is far smaller.
    package static let maxBytes = 64 * 1024 * 1024

    package let store: StoreName
    package let installIdColumn: String?
    package let revokedAtColumn: String?

    package init(store: StoreName, installIdColumn: String? = nil, revokedAtColumn: String? = nil) {
        self.store = store
        self.installIdColumn = installIdColumn
        self.revokedAtColumn = revokedAtColumn
    }

    /// The file at `path`, its size checked before it is read.
    package func rows(atPath path: String, bundleId: String, now: Int64) throws(ServerError) -> [StoreRevocation] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ServerError(.invalidImport, "cannot read \(path)")
        }
        defer { try? handle.close() }
        // The end's offset is the size: measured by the handle that then reads, so the
        // file checked is the file read.
        guard let size = try? handle.seekToEnd() else { throw ServerError(.invalidImport, "cannot read \(path)") }
        try Self.checkSize(Int(clamping: size))
        guard (try? handle.seek(toOffset: 0)) != nil, let data = try? handle.readToEnd() ?? Data() else {
            throw ServerError(.invalidImport, "cannot read \(path)")
        }
        return try rows(Array(data), bundleId: bundleId, now: now)
    }

    package static func checkSize(_ size: Int) throws(ServerError) {
        guard size <= maxBytes else {
            throw ServerError(
                .invalidImport, "the file is \(size) bytes; an export of revocations is at most \(maxBytes) bytes")
        }
    }

    /// The rows of an export. Without a revocation time column every row is revoked at `now`.
    package func rows(_ bytes: [UInt8], bundleId: String, now: Int64) throws(ServerError) -> [StoreRevocation] {
        try Self.checkSize(bytes.count)
        let table = try CSVTable(bytes)
        let found = "the headers found: " + table.header.map { "\"\($0)\"" }.joined(separator: ", ")
        let install = try column(
            named: installIdColumn, option: "install-id-column", in: table.header, found: found,
            matching: { $0.contains("installid") }, what: "an install id column")
        guard let install else {
            throw ServerError(
                .invalidImport,
                "no install id column (a header such as \"Install ID\"): \(found); name it with --install-id-column")
        }
        let revoked = try column(
            named: revokedAtColumn, option: "revoked-at-column", in: table.header, found: found,
            matching: Self.isRevocationTime, what: "a revocation time column")
        var rows: [StoreRevocation] = []
        rows.reserveCapacity(table.records.count)
        for (line, fields) in table.records {
            guard fields.count == table.header.count else {
                throw ServerError(
                    .invalidImport, "line \(line): \(fields.count) fields where the header has \(table.header.count)")
            }
            let installId = fields[install].trimmingCharacters(in: .whitespaces)
            if let problem = Identifiers.installIdProblem(installId) {
                throw ServerError(
                    .invalidImport,
                    "line \(line): \"\(installId.prefix(64))\" in \"\(table.header[install])\": \(problem)")
            }
            var revokedAt = now
            if let revoked {
                let text = fields[revoked].trimmingCharacters(in: .whitespaces)
                guard let parsed = ImportDate.milliseconds(text) else {
                    throw ServerError(
                        .invalidImport,
                        "line \(line): \"\(text.prefix(64))\" in \"\(table.header[revoked])\" is not a date "
                            + "(2026-03-05, 2026-03-05 14:30:00 or 2026-03-05T14:30:00Z; UTC unless an offset is given)"
                    )
                }
                revokedAt = parsed
            }
            rows.append(
                StoreRevocation(
                    bundleId: bundleId, store: store, installId: installId, revokedAt: revokedAt,
                    timed: revoked != nil))
        }
        return rows
    }

    /// The column named explicitly, else the one header that `matching` accepts (compared
    /// lowercased, letters and digits only); nil when none does, refused when several do.
    private func column(
        named name: String?, option: String, in header: [String], found: String,
        matching: (String) -> Bool, what: String
    ) throws(ServerError) -> Int? {
        if let name {
            guard let index = header.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ServerError(.invalidImport, "--\(option) \"\(name)\" is not a header of the file: \(found)")
            }
            return index
        }
        let candidates = header.indices.filter { matching(Self.squeezed(header[$0])) }
        guard candidates.count <= 1 else {
            throw ServerError(
                .invalidImport, "several headers could be \(what): \(found); name one with --\(option)")
        }
        return candidates.first
    }

    private static func squeezed(_ header: String) -> String {
        String(
            header.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    private static func isRevocationTime(_ header: String) -> Bool {
        (header.contains("revok") || header.contains("revocation"))
            && ["date", "time", "at", "on"].contains { header.contains($0) }
    }
}
