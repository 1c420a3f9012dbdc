import AgeKitSimulator
import Foundation
import SignificantChanges
import Testing

@Suite("communication-limits requests for adults")
struct AdultCommunicationTests {
    @Test("rule: adults have no communication-limits request (the system throws, the app reads the age again)")
    func adultsHaveNoCommunicationRequest() async {
        let result = await CommunicationSimulation(
            feature: "messages", guardian: .approve(after: 60), personIsAdult: true, start: Fixtures.t0
        ).run()
        #expect(!result.request.isApproved)
        #expect(result.request.state == .failed(.readAgeAgain, at: Fixtures.t0))
        #expect(result.steps.first { $0.event.hasPrefix("askFailed") }?.actions.contains("refreshAgeRange") == true)
        #expect(!result.steps.contains { $0.actions.contains("unlock") })
    }
}
