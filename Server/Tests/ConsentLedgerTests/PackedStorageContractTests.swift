import AppStoreSignedData
import ConsentLedger
import Foundation
import Testing

@Suite("Ledger contract: signed payloads stored packed")
struct PackedStorageContractTests {
    /// A JWS shaped like Apple's: the payload holds a nested JWS with the same header.
    static func signed(_ uuid: String) -> String {
        let header = Base64.encode(Array(#"{"alg":"ES256","x5c":["MIIB","MIIC"]}"#.utf8), alphabet: .url)
        let nested = header + ".eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2lnbmF0dXJl"
        let payload = #"{"notificationUUID":"\#(uuid)","data":{"signedTransactionInfo":"\#(nested)"}}"#
        return header + "." + Base64.encode(Array(payload.utf8), alphabet: .url) + ".c2lnbmF0dXJl"
    }

    /// With the payload's parts, as the server passes a verified notification's.
    static func notification(_ uuid: String, signedPayload: String) -> NotificationRecord {
        NotificationRecord(
            uuid: uuid, bundleId: "com.example.app", environment: "Sandbox", type: "TEST", signedDate: 800,
            signedPayload: ArraySlice(signedPayload.utf8), signedParts: SignedPayloadParts(compact: signedPayload))
    }

    static func rows(_ ledger: Ledger, _ sql: String) throws -> [SQLRow] {
        try ledger.store.read { connection in try connection.execute(sql) }
    }

    @Test(
        "a packed payload reads back exactly as signed, and its header is stored once",
        arguments: StoreBackend.allCases)
    func packedRoundTrip(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        let uuids = (1...5).map { "N\($0)" }
        for uuid in uuids {
            _ = try ledger.recordNow(Self.notification(uuid, signedPayload: Self.signed(uuid)))
        }
        for uuid in uuids {
            #expect(try ledger.notification(uuid: uuid)?.signedPayload == Self.signed(uuid))
        }
        #expect(try Self.rows(ledger, "SELECT COUNT(*) FROM signing_headers").first?[0].integer == 1)
        let stored = try Self.rows(
            ledger, "SELECT signed_payload, header_digest FROM notifications WHERE uuid = 'N1'"
        ).first
        let body = try #require(stored?[0].text)
        #expect(!body.contains("eyJhbGci"))
        #expect(stored?[1].text == PackedPayload(Self.signed("N1"))?.headerDigest)
    }

    @Test("a payload that cannot be packed is kept as it came", arguments: StoreBackend.allCases)
    func unpackable(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        for (uuid, text) in [("R1", "header.payload.signature"), ("R2", "not a JWS"), ("R3", "a.e31.b")] {
            _ = try ledger.recordNow(Self.notification(uuid, signedPayload: text))
            #expect(try ledger.notification(uuid: uuid)?.signedPayload == text)
        }
        #expect(try Self.rows(ledger, "SELECT COUNT(*) FROM signing_headers").first?[0].integer == 0)
        #expect(
            try Self.rows(ledger, "SELECT COUNT(*) FROM notifications WHERE header_digest IS NULL").first?[0].integer
                == 3)
    }

    @Test(
        "a payload bound as bytes is stored as that text: none is empty text, not NULL, and UTF-8 past ASCII is kept",
        arguments: StoreBackend.allCases)
    func textFromBytes(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        for (uuid, text) in [("B1", ""), ("B2", "é.ü.日本")] {
            _ = try ledger.recordNow(Self.notification(uuid, signedPayload: text))
            let stored = try Self.rows(ledger, "SELECT signed_payload FROM notifications WHERE uuid = '\(uuid)'")
            #expect(stored.first?[0].text == text)
        }
    }

    @Test(
        "a header whose write was rolled back is written again with the next payload",
        arguments: [StoreBackend.sqliteMemory, .sqliteFile])
    func headerRolledBack(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.store.writeAndWait { connection in
            try connection.execute(
                """
                CREATE TRIGGER refuse_boom BEFORE INSERT ON notifications WHEN NEW.uuid = 'boom'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        #expect(throws: LedgerError.self) {
            try ledger.recordNow(Self.notification("boom", signedPayload: Self.signed("boom")))
        }
        #expect(try Self.rows(ledger, "SELECT COUNT(*) FROM signing_headers").first?[0].integer == 0)
        _ = try ledger.recordNow(Self.notification("N1", signedPayload: Self.signed("N1")))
        #expect(try ledger.notification(uuid: "N1")?.signedPayload == Self.signed("N1"))
    }

    @Test("a packed row whose header is missing is reported, not returned altered", arguments: StoreBackend.allCases)
    func missingHeader(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.recordNow(Self.notification("N1", signedPayload: Self.signed("N1")))
        _ = try ledger.store.writeAndWait { connection in try connection.execute("DELETE FROM signing_headers") }
        #expect(throws: LedgerError(.invalidStore, "")) { try ledger.notification(uuid: "N1") }
    }
}
