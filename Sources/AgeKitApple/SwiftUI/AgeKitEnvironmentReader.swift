// SwiftUI glue, compiled only with Apple's SDKs (never against the mirror): the environment
// actions become the core's services, and the guardian question gets PermissionKit's button.
#if canImport(SwiftUI) && canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import SignificantChanges
    import SwiftUI

    /// Hands its content the core's age range service built on the view's
    /// `@Environment(\.requestAgeRange)` action (`DeclaredAgeRangeAction`), which presents
    /// over the view's own window.
    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
    public struct AgeRangeServiceReader<Content: View>: View {
        @Environment(\.requestAgeRange) private var requestAgeRange
        private let deadlines: BridgeDeadlines
        private let content: (AgeRangeActionService) -> Content

        public init(
            deadlines: BridgeDeadlines = BridgeDeadlines(),
            @ViewBuilder content: @escaping (AgeRangeActionService) -> Content
        ) {
            self.deadlines = deadlines
            self.content = content
        }

        public var body: some View {
            content(AgeRangeActionService(requestAgeRange, deadlines: deadlines))
        }
    }

    #if !os(macOS)
        /// Hands its content the acknowledgment presenter built on the view's
        /// `@Environment(\.showSignificantUpdateAcknowledgment)` action (26.4).
        @available(iOS 26.4, macCatalyst 26.4, *)
        public struct AcknowledgmentPresenterReader<Content: View>: View {
            @Environment(\.showSignificantUpdateAcknowledgment) private var showAcknowledgment
            private let notice: SystemAcknowledgmentPresenter.Notice
            private let content: (SignificantUpdateActionPresenter) -> Content

            public init(
                notice: @escaping SystemAcknowledgmentPresenter.Notice,
                @ViewBuilder content: @escaping (SignificantUpdateActionPresenter) -> Content
            ) {
                self.notice = notice
                self.content = content
            }

            public var body: some View {
                content(SignificantUpdateActionPresenter(showAcknowledgment, notice: notice))
            }
        }
    #endif
#endif
