#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import AppleMirrorFoundation
    @preconcurrency import AppTrackingTransparency
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import Foundation
    import SignificantChanges
    import Testing

    @Suite("Question ids and the SwiftUI acknowledgment action")
    struct QuestionMapTests {
        @Test(
            "a stored map that cannot be read is skipped line by line, never a crash",
            arguments: ["", "garbage", "not-a-uuid=q1", "=\n=", "\u{0}"])
        func unreadableMap(text: String) {
            let store = InMemoryKeyValueStore([QuestionMap.significantUpdateKey: text])
            let map = QuestionMap(store: store)
            let id = UUID()
            #expect(map.agekitID(for: id) == nil)
            map.record(system: id, agekit: "q1")
            #expect(QuestionMap(store: store).agekitID(for: id) == "q1")
        }

        @Test("the map keeps the newest entries only")
        func bounded() {
            let store = InMemoryKeyValueStore()
            let map = QuestionMap(store: store)
            let ids = (0..<(QuestionMap.limit + 10)).map { _ in UUID() }
            for (index, id) in ids.enumerated() { map.record(system: id, agekit: "q\(index)") }
            let reread = QuestionMap(store: store)
            #expect(reread.agekitID(for: ids[0]) == nil)
            #expect(reread.agekitID(for: ids.last!) == "q\(ids.count - 1)")
        }

        static let presentations: [(AcknowledgmentPresentation, Bool, Bool)] = [
            (.systemSheet, true, true), (.inAppNotice, false, true), (.systemSheet, true, false),
        ]

        @Test(
            "the SwiftUI acknowledgment action shows the system sheet; the app's notice stands in elsewhere",
            arguments: presentations)
        func actionPresenter(presentation: AcknowledgmentPresentation, sheet: Bool, acknowledged: Bool) async {
            let device = MirrorSystem()
            if !acknowledged { device.declaredAgeRange.acknowledgment = .error(MirrorError.systemFailure) }
            let shown = await onMirror(device) {
                let presenter = await SignificantUpdateActionPresenter(
                    SignificantUpdateAction(), notice: { _ in true })
                return await presenter.presentAcknowledgment(
                    description: "Adds messages between buyers and sellers", presentation: presentation)
            }
            #expect(shown == acknowledged)
            #expect(
                device.calls.contains(.showSignificantUpdateAcknowledgment("Adds messages between buyers and sellers"))
                    == sheet)
        }
    }
#endif
