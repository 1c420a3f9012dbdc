import AgeKit
import AgeKitSimulator
import Testing

/// The app's own notice of a significant change, as the object shows it: only the person's
/// "OK" acknowledges it; closed, it stays blocked until a retry shows it again.
@MainActor
@Suite("AgeAssurance: the app's own notice of a change", .timeLimit(.minutes(1)))
struct AgeAssuranceNoticeTests {
    /// A presenter whose every acknowledgment is the app's notice, as the Apple bridge's is
    /// where the system sheet is not the route.
    struct NoticePresenter: AcknowledgmentPresenter {
        let notices: NoticeBoard
        func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool {
            await notices.show(description)
        }
    }

    static let description = "Adds direct messages between people who follow each other"

    @Test("an adult's notice: closed, the change stays blocked; shown again on retry, the tap unblocks it")
    func noticeNeedsTheTap() async throws {
        let device = try AgeAssuranceTests.device(
            age: 30, region: "US-TX", guardian: .approve(after: 300), acknowledgments: { NoticePresenter(notices: $0) })
        let start = Task { await device.assurance.start() }
        #expect(await Observed.eventually { device.assurance.notice == Self.description })
        device.assurance.dismissNotice()
        await start.value
        #expect(device.assurance.notice == nil)
        #expect(device.assurance.blockedChanges.map(\.id) == ["direct-messages"])
        #expect(device.assurance.status(of: "messages").nextStep == .waitForChange)
        let retry = Task { await device.assurance.retry("direct-messages") }
        #expect(await Observed.eventually { device.assurance.notice == Self.description })
        device.assurance.acknowledgeNotice()
        await retry.value
        #expect(device.assurance.notice == nil)
        #expect(device.assurance.blockedChanges.isEmpty)
        #expect(device.assurance.status(of: "messages").isOpen)
        await device.assurance.stop()
    }

    @Test("a newer notice replaces one left open, which counts as not acknowledged")
    func newerNoticeReplaces() async {
        let board = NoticeBoard()
        let first = Task { await board.show("first") }
        #expect(await Observed.eventually { board.current == "first" })
        let second = Task { await board.show("second") }
        #expect(await first.value == false)
        #expect(await Observed.eventually { board.current == "second" })
        board.acknowledge()
        #expect(await second.value == true)
        #expect(board.current == nil)
    }
}
