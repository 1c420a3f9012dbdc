import ConsentLedger
import Testing

@testable import ConsentServer

/// A console's export read by its header row, and a store link's fields, refused with the
/// reason whenever they cannot be read for certain.
@Suite("store revocation exports and links")
struct RevocationFileTests {
    static let now: Int64 = 1_800_000_000_000

    func rows(
        _ text: String, _ file: RevocationFile = RevocationFile(store: .googlePlay)
    ) throws(ServerError)
        -> [StoreRevocation]
    {
        try file.rows(Array(text.utf8), bundleId: "com.example.agekit", now: Self.now)
    }

    func refusal(_ text: String, _ file: RevocationFile = RevocationFile(store: .googlePlay)) -> String? {
        do {
            _ = try rows(text, file)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("quoted fields with commas, doubled quotes and line breaks, CRLF, a byte-order mark and blank lines")
    func csvShapes() throws {
        let table = try CSVTable(Array("\u{FEFF}a,\"b, c\"\r\n\r\n\"x \"\"y\"\"\",\"line\nbreak\"\n1,2".utf8))
        #expect(table.header == ["a", "b, c"])
        #expect(table.records.map(\.fields) == [["x \"y\"", "line\nbreak"], ["1", "2"]])
        #expect(table.records.map(\.line) == [3, 5])
        #expect(throws: ServerError.self) { try CSVTable(Array("a\n\"open".utf8)) }
        #expect(throws: ServerError.self) { try CSVTable(Array("\n\r\n".utf8)) }
    }

    @Test("the install id and revocation time columns are found by name, the time read as UTC")
    func columnsByName() throws {
        let read = try rows("App package,Install ID,Revocation time (UTC)\ncom.x,abc-1,2026-03-05T14:30:00Z\n")
        #expect(
            read == [
                StoreRevocation(
                    bundleId: "com.example.agekit", store: .googlePlay, installId: "abc-1",
                    revokedAt: 1_772_721_000_000,
                    timed: true)
            ])
        let untimed = try rows("install_id\nabc-2\n")
        #expect(untimed.first?.revokedAt == Self.now && untimed.first?.timed == false)
        let named = try rows(
            "device,when\nabc-3,2026-03-05\n",
            RevocationFile(store: .amazon, installIdColumn: "Device", revokedAtColumn: "WHEN"))
        #expect(named.first?.installId == "abc-3" && named.first?.store == .amazon && named.first?.timed == true)
    }

    @Test(
        "an export that cannot be read for certain is refused whole, naming what is wrong",
        arguments: [
            ("a,b\n1,2\n", "no install id column"),
            ("Install ID,installId\n1,2\n", "several headers could be an install id column"),
            ("Install ID,Revoked at\nabc,yesterday\n", "line 2: \"yesterday\" in \"Revoked at\" is not a date"),
            ("Install ID,x\nabc\n", "line 2: 1 fields where the header has 2"),
            ("Install ID\nab c\n", "line 2: \"ab c\""),
        ])
    func refused(text: String, reason: String) {
        #expect(refusal(text)?.contains(reason) == true, "\(refusal(text) ?? "accepted")")
    }

    @Test("a column named explicitly must be a header, and an oversized export is refused by its size")
    func namedColumnsAndSize() {
        #expect(
            refusal("Install ID\nabc\n", RevocationFile(store: .googlePlay, installIdColumn: "device"))?
                .contains("--install-id-column \"device\" is not a header") == true)
        #expect(throws: ServerError.self) { try RevocationFile.checkSize(RevocationFile.maxBytes + 1) }
        #expect((try? RevocationFile.checkSize(RevocationFile.maxBytes)) != nil)
    }

    @Test(
        "a store link is refused for a bad store, install id, status or date",
        arguments: [
            ("appStore", "abc", nil, nil, "store: 'appStore' is not googlePlay or amazon"),
            ("googlePlay", "", nil, nil, "install id"),
            ("googlePlay", "abc", "maybe", nil, "'maybe' is not pending, approved or denied"),
            ("googlePlay", "abc", "pending", "soon", "statusDate: 'soon' is not a date"),
        ] as [(String, String, String?, String?, String)])
    func badLinks(store: String, installId: String, status: String?, date: String?, reason: String) {
        #expect(throws: ServerError.self) {
            try StoreLink(accountId: "user-1", store: store, installId: installId, status: status, statusDate: date)
        }
        do {
            _ = try StoreLink(accountId: "user-1", store: store, installId: installId, status: status, statusDate: date)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test("a store link keeps the status and its date as read")
    func goodLink() throws {
        let link = try StoreLink(
            accountId: "user-1", store: "amazon", installId: "abc", status: "denied", statusDate: "2026-03-05")
        #expect(link.store == .amazon && link.status == .denied && link.statusDate == 1_772_668_800_000)
        #expect(throws: ServerError.self) {
            try StoreLink(accountId: "user 1", store: "amazon", installId: "abc", status: nil, statusDate: nil)
        }
    }
}
