// The app's SwiftUI layer: thin, Apple platforms only. Everything it decides comes from
// VinylCrateKit's CrateModel, which the Linux tests drive through the same bridges.
import AgeKit
import SwiftUI
import VinylCrateKit

@main
struct VinylCrateApp: App {
    @State private var model: CrateModel?

    var body: some Scene {
        WindowGroup {
            if let model {
                RootView()
                    .environment(model)
            } else {
                ProgressView()
                    .task { model = await AppEnvironment.makeModel() }
            }
        }
    }
}
