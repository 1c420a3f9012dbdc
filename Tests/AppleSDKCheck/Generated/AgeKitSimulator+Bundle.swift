// What SwiftPM generates for a target with resources on Apple platforms (`Bundle.module`: the
// target's bundle beside the executable), for scripts/apple-sdk-check, which compiles
// Sources/AgeKitSimulator without SwiftPM.
import Foundation

extension Foundation.Bundle {
    static let module: Bundle = {
        let path = Bundle.main.bundleURL.appendingPathComponent("AgeKit_AgeKitSimulator.bundle").path
        guard let bundle = Bundle(path: path) else { fatalError("could not load the resource bundle at \(path)") }
        return bundle
    }()
}
