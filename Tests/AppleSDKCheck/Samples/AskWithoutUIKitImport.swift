// expect-error: has no member 'ask'
// A file that imports PermissionKit but not UIKit does not see `AskCenter.ask(_:in:)`: Apple
// declares it in the cross-import overlay `_PermissionKit_UIKit`, which loads only when the file
// imports both (the bridges' defect before they imported UIKit themselves).
import PermissionKit

@available(iOS 26.2, *)
func send<Anchor>(_ question: PermissionQuestion<SignificantAppUpdateTopic>, over anchor: Anchor) async throws {
    try await AskCenter.shared.ask(question, in: anchor)
}
