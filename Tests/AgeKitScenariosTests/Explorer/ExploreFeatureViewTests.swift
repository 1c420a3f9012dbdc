import Testing

@testable import AgeKitScenarios

/// The feature view's own rules, apart from the reports the command writes.
@Suite("agekit explore: the feature view's devices")
struct ExploreFeatureViewTests {
    @Test("where devices disagree, each decision names its devices, the most common first")
    func devicesThatDisagree() {
        let devices = ExploreFeatureView.devices(
            [("iOS", "26.0"), ("iOS", "26.1"), ("tvOS", "26.1")], platforms: ["iOS", "tvOS"],
            versions: ["26.0", "26.1"])
        #expect(devices == ["iOS", "tvOS 26.1"])
    }
}
