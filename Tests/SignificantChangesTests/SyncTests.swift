import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("Several devices, one synced ledger")
struct SyncTests {
    typealias F = Fixtures

    /// What a ledger observer heard, shared with its callback.
    final class Inbox: Sendable {
        let items = Locked<[(String, LedgerEntry)]>([])
    }

    /// One device: its flow, its ledger, and what its ledger observer heard.
    struct Device {
        var flow: SignificantChangeFlow
        let ledger: AcknowledgmentLedger
        let heard = Inbox()
        var observation: StoreObservation?

        init(cloud: SyncedCloud, name: String, capabilities: PlatformCapabilities) {
            ledger = AcknowledgmentLedger(store: cloud.device(name), personID: "child")
            flow = F.flow(capabilities: capabilities)
        }

        mutating func listen() {
            let heard = self.heard
            observation = ledger.observe { id, entry in heard.items.withLock { $0.append((id, entry)) } }
        }

        /// Feeds what the observer heard to the flow.
        mutating func deliver(at now: Date) -> [SignificantChangeFlow.Action] {
            let items = heard.items.withLock { items in
                defer { items.removeAll() }
                return items
            }
            return items.flatMap { flow.handle(.ledgerChanged(changeID: $0.0, $0.1), at: now) }
        }

        /// Performs the ledger actions, as an app would.
        func perform(_ actions: [SignificantChangeFlow.Action]) {
            for action in actions {
                switch action {
                case .record(let id, let resolution, let time): ledger.recordResolution(resolution, for: id, at: time)
                case .recordDenial(let id, let time): ledger.recordDenial(for: id, at: time)
                default: break
                }
            }
        }
    }

    @Test("approval on one device clears the other", arguments: [Platform.iPadOS, .tvOS])
    func approvalClearsOtherDevice(_ otherPlatform: Platform) throws {
        let cloud = SyncedCloud(delivery: .manual)
        var phone = Device(cloud: cloud, name: "phone", capabilities: F.iOS)
        var other = Device(
            cloud: cloud, name: "other",
            capabilities: PlatformCapabilities(platform: otherPlatform, os: OSVersion(26, 4)))
        other.listen()
        let question = phone.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        _ = other.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        #expect(other.flow.blockedScope == .features(["calls"]))

        _ = phone.flow.handle(.questionSent(changeID: "calls", questionID: question.id), at: F.t0)
        let approval = phone.flow.handle(
            .guardianResponse(GuardianResponse(questionID: question.id, approved: true)),
            at: F.t0.addingTimeInterval(60))
        phone.perform(approval)
        #expect(other.deliver(at: F.t0.addingTimeInterval(61)).isEmpty, "nothing before the sync")
        #expect(other.flow.blockedScope == .features(["calls"]))

        cloud.sync()
        let actions = other.deliver(at: F.t0.addingTimeInterval(120))
        #expect(actions.contains(.unblock(changeID: "calls", .features(["calls"]))))
        #expect(!actions.names.contains("record"), "the other device does not write the approval again")
        #expect(other.flow.progress("calls")?.status == .approved)
        #expect(other.flow.blockedScope == nil)
        #expect(other.flow.isSettled)
    }

    @Test("a pending question on the second device ends when the first device records the approval")
    func pendingQuestionEndsElsewhere() {
        let cloud = SyncedCloud()
        var phone = Device(cloud: cloud, name: "phone", capabilities: F.iOS)
        var tablet = Device(cloud: cloud, name: "tablet", capabilities: F.iOS)
        tablet.listen()
        let onPhone = phone.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        let onTablet = tablet.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        _ = phone.flow.handle(.questionSent(changeID: "calls", questionID: onPhone.id), at: F.t0)
        _ = tablet.flow.handle(.questionSent(changeID: "calls", questionID: onTablet.id), at: F.t0)
        phone.perform(
            phone.flow.handle(.guardianResponse(GuardianResponse(questionID: onPhone.id, approved: true)), at: F.t0))
        _ = tablet.deliver(at: F.t0)
        #expect(tablet.flow.progress("calls")?.request?.isApproved == true)
        // The tablet's own question is answered later: nothing happens twice.
        let late = tablet.flow.handle(
            .guardianResponse(GuardianResponse(questionID: onTablet.id, approved: true)),
            at: F.t0.addingTimeInterval(60))
        #expect(!late.names.contains("record"))
        #expect(!late.names.contains("unblock"))
    }

    @Test("a denial on one device is recorded with its time and does not clear the other")
    func denialDoesNotClear() {
        let cloud = SyncedCloud()
        var phone = Device(cloud: cloud, name: "phone", capabilities: F.iOS)
        var tablet = Device(cloud: cloud, name: "tablet", capabilities: F.iOS)
        tablet.listen()
        let question = phone.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        _ = tablet.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        _ = phone.flow.handle(.questionSent(changeID: "calls", questionID: question.id), at: F.t0)
        phone.perform(
            phone.flow.handle(
                .guardianResponse(GuardianResponse(questionID: question.id, approved: false)),
                at: F.t0.addingTimeInterval(30)))
        _ = tablet.deliver(at: F.t0.addingTimeInterval(31))
        #expect(tablet.flow.blockedScope == .features(["calls"]))
        #expect(tablet.flow.ledger["calls"]?.denials == [F.t0.addingTimeInterval(30)])
        #expect(tablet.ledger.entry(for: "calls").denials == [F.t0.addingTimeInterval(30)])
    }

    @Test("a device that starts after the approval never asks")
    func laterDeviceStartsResolved() async {
        let cloud = SyncedCloud()
        _ = await ConsentSimulation(F.scenario(guardian: .approve(after: 60))).run(
            store: cloud.device("phone"))
        let result = await ConsentSimulation(F.scenario(guardian: .never)).run(store: cloud.device("tablet"))
        #expect(result.permissionCenter.asked.isEmpty)
        #expect(result.flow.progress("calls")?.status == .approved)
    }

    @Test("tvOS detects a rating change, routes consent to another device, and unblocks when the phone records it")
    func tvOSRatingChange() {
        let cloud = SyncedCloud()
        var tv = Device(
            cloud: cloud, name: "tv", capabilities: PlatformCapabilities(platform: .tvOS, os: OSVersion(26, 4)))
        tv.listen()
        let phone = AcknowledgmentLedger(store: cloud.device("phone"), personID: "child")
        tv.flow = F.flow(installed: "1.10", capabilities: PlatformCapabilities(platform: .tvOS, os: OSVersion(26, 4)))
        _ = tv.flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        _ = tv.flow.handle(.ratingCode(4), at: F.t0)
        let actions = tv.flow.handle(.ratingCode(5), at: F.t0.addingTimeInterval(86_400))
        let id = "age-rating-4-to-5"
        #expect(actions.contains { if case .routeToOtherDevice(id, _) = $0 { true } else { false } })
        #expect(actions.questions.isEmpty)
        #expect(tv.flow.blockedScope == .wholeApp)
        #expect(tv.flow.ratingWatch.baseline == 4)

        phone.recordResolution(.approved, for: id, at: F.t0.addingTimeInterval(90_000))
        let after = tv.deliver(at: F.t0.addingTimeInterval(90_001))
        #expect(after.contains(.ratingBaselineMoved(to: 5)))
        #expect(tv.flow.blockedScope == nil)
        #expect(tv.flow.ratingWatch.baseline == 5)
    }
}
