import AppStoreSignedData
import Foundation
import Testing

@testable import ConsentServer

/// Each notification's header is looked up among the refused ones once, and each body is read
/// for Apple's exact shape once, whichever way the notification comes: counted, so that a
/// second look fails here.
@Suite("Every check on a notification runs once")
struct ChecksOnceTests {
    /// How a notification reaches the intake.
    enum Delivery: String, CaseIterable, Sendable {
        /// `{"signedPayload":"<JWS>"}`, nothing to decode: Apple's own.
        case appleShape
        /// Apple's shape with an escape after the header: decoded, the header as it came.
        case escapeAfterHeader
        /// Apple's shape with an escape in the header: only the decoded header is the JWS's.
        case escapeInHeader
        /// Any other shape, scanned in full.
        case otherShape
        /// A history page's text, through the intake directly.
        case history

        /// The body a receiver gets for `jws`.
        func body(_ jws: String) -> [UInt8] {
            switch self {
            case .appleShape, .history: Array(#"{"signedPayload":"\#(jws)"}"#.utf8)
            case .escapeAfterHeader: Array(#"{"signedPayload":"\#(jws.dropLast())\#(Self.escaped(jws.last!))"}"#.utf8)
            case .escapeInHeader: Array(#"{"signedPayload":"\#(Self.escaped(jws.first!))\#(jws.dropFirst())"}"#.utf8)
            case .otherShape: Array(#"{ "signedPayload": "\#(jws)" }"#.utf8)
            }
        }

        /// `\u00XX` for an ASCII character.
        static func escaped(_ character: Character) -> String {
            String(format: "\\u%04x", Int(character.asciiValue!))
        }

        /// The outcome's HTTP status, and the body-shape checks the delivery took.
        func deliver(_ jws: String, to fixture: ResponderFixture) async -> (status: Int, shapeChecks: Int) {
            let before = fixture.responder.appleShapeChecks
            let status: Int
            if self == .history {
                status = NotificationHandler.answer(await fixture.responder.intake.accept(jws)).response.status
            } else {
                status = fixture.send("POST", "/v2/notifications", body: body(jws), token: nil).status
            }
            return (status, fixture.responder.appleShapeChecks - before)
        }
    }

    /// The lookups the verifier alone makes for a notification: one for it, one for each JWS
    /// nested in it.
    static func verifierLookups() throws -> Int {
        let fixture = try ResponderFixture()
        _ = try fixture.verifier.verifySignedNotification(
            ArraySlice(try fixture.notification("RESCIND_CONSENT").utf8), receivedAt: nil)
        return fixture.verifier.refusedHeaderLookups
    }

    @Test(
        "a valid notification: each header looked up once, the body read for Apple's shape once",
        arguments: Delivery.allCases)
    func valid(delivery: Delivery) async throws {
        let alone = try Self.verifierLookups()
        #expect(alone >= 2, "a notification with nested JWS")
        let fixture = try ResponderFixture()
        let delivered = await delivery.deliver(try fixture.notification("RESCIND_CONSENT"), to: fixture)
        #expect(delivered.status == 200)
        #expect(fixture.verifier.refusedHeaderLookups == alone)
        #expect(delivered.shapeChecks == (delivery == .history ? 0 : 1))
    }

    @Test(
        "a forgery replayed: refused from memory after one lookup, with the first answer", arguments: Delivery.allCases)
    func replayedForgery(delivery: Delivery) async throws {
        let fixture = try ResponderFixture()
        let other = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
        let forged = try fixture.notification("RESCIND_CONSENT", signer: other)
        let first = await delivery.deliver(forged, to: fixture)
        #expect(first.status == 401)
        let lookups = fixture.verifier.refusedHeaderLookups
        let again = await delivery.deliver(forged, to: fixture)
        #expect(again.status == 401)
        #expect(fixture.verifier.refusedHeaderLookups - lookups == 1)
        #expect(again.shapeChecks == (delivery == .history ? 0 : 1))
    }
}
