// The app's SwiftUI layer: thin, Apple platforms only. Everything it decides comes from
// VinylCrateKit's CrateModel, which the Linux tests drive through the same bridges.
import AgeKit
import SwiftUI
import VinylCrateKit

@main
struct VinylCrateApp: App {
    @State private var model = AppEnvironment.makeModel()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(model)
        }
    }
}
