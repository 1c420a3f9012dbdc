// The app's SwiftUI layer, Apple platforms only: it shows what AgeAssurance decides, which
// VinylCrateKit's Linux tests drive through the same bridges.
import AgeKit
import SwiftUI
import UIKit

@main
struct VinylCrateApp: App {
    @State private var assurance: AgeAssurance?

    var body: some Scene {
        WindowGroup {
            if let assurance {
                // Starts it once, presents the age and acknowledgment sheets from this view,
                // and shows the app's own notice of a change.
                RootView().ageAssurance(assurance)
            } else {
                ProgressView().task { assurance = await Self.makeAssurance() }
            }
        }
    }

    /// The system's services (they read the storefront: Australia, Brazil and Singapore need
    /// a confirmed adult for 18+ features) and this device's platform and OS.
    static func makeAssurance() async -> AgeAssurance {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        let capabilities = PlatformCapabilities(
            platform: UIDevice.current.userInterfaceIdiom == .pad ? .iPadOS : .iOS,
            os: OSVersion(os.majorVersion, os.minorVersion))
        return AgeAssurance(configuration: Crate.configuration(capabilities), services: await .system())
    }
}
