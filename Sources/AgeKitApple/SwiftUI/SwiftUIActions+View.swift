// SwiftUI glue, compiled only with Apple's SDKs (never against the mirror): a view installs
// its age-assurance actions in the app's SwiftUIActions.
#if canImport(SwiftUI) && canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import SwiftUI

    extension View {
        /// Installs this view's `requestAgeRange` and (26.4, not macOS)
        /// `showSignificantUpdateAcknowledgment` actions in `actions` when it appears, so that
        /// the services the app made on `actions` at launch present from this view. Apply it to
        /// the root view of each window; the window that appeared last presents.
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
        public func ageKitActions(_ actions: SwiftUIActions) -> some View {
            modifier(SwiftUIActionsInstaller(actions: actions))
        }
    }

    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
    struct SwiftUIActionsInstaller: ViewModifier {
        let actions: SwiftUIActions
        @Environment(\.requestAgeRange) private var requestAgeRange

        @ViewBuilder
        func body(content: Content) -> some View {
            let installed = content.onAppear { actions.requestAgeRange = requestAgeRange }
            #if os(macOS)
                installed
            #else
                if #available(iOS 26.4, macCatalyst 26.4, *) {
                    installed.modifier(AcknowledgmentInstaller(actions: actions))
                } else {
                    installed
                }
            #endif
        }
    }

    #if !os(macOS)
        @available(iOS 26.4, macCatalyst 26.4, *)
        struct AcknowledgmentInstaller: ViewModifier {
            let actions: SwiftUIActions
            @Environment(\.showSignificantUpdateAcknowledgment) private var showAcknowledgment

            func body(content: Content) -> some View {
                content.onAppear { actions.showSignificantUpdateAcknowledgment = showAcknowledgment }
            }
        }
    #endif
#endif
