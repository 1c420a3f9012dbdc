// swift-tools-version:6.0
import PackageDescription

/// Where the Apple bridges are linked into the umbrella.
let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .visionOS, .tvOS, .watchOS]

/// The mirror of Apple's frameworks that the bridges compile and run against on Linux: one
/// module per framework, named as Apple's, and PermissionKit's cross-import overlays as separate
/// modules that a file loads only by importing both of their parents, as in Xcode. It exists only
/// where the manifest is read on Linux: on a Mac the same names are Apple's own frameworks.
struct AppleMirror {
    var targets: [Target] = []
    var bridgeDependencies: [Target.Dependency] = []
    var testDependencies: [Target.Dependency] = []
    var settings: [SwiftSetting] = []
    /// The tests' settings: the defines without the overlays (Swift Testing declares an overlay
    /// with UIKit of its own, which exists only in Apple's toolchains).
    var testSettings: [SwiftSetting] = []
}

#if os(Linux)
    let appleMirror: AppleMirror = {
        /// Built in Swift 5 mode like Apple's modules, so that nothing claims `Sendable` by accident.
        func module(_ name: String, _ dependencies: [Target.Dependency] = [], exclude: [String] = []) -> Target {
            .target(
                name: name, dependencies: dependencies, path: "Sources/AppleMirror/\(name)", exclude: exclude,
                swiftSettings: [.swiftLanguageMode(.v5)])
        }
        let crossImports =
            Context.packageDirectory + "/Sources/AppleMirror/PermissionKit/PermissionKit.swiftcrossimport"
        let bridged: [Target.Dependency] = [
            "UIKit", "DeclaredAgeRange", "PermissionKit", "_PermissionKit_UIKit", "StoreKit", "AppTrackingTransparency",
            "AppleMirrorFoundation",
        ]
        let defines: [SwiftSetting] = [
            .define("AGEKIT_APPLE_MIRROR"),
            // The mirror has the 27.0 symbols that Xcode 27 (Swift 6.4) brings.
            .define("AGEKIT_SDK_27"),
        ]
        return AppleMirror(
            targets: [
                module("AppleMirrorSystem"),
                module("AppleMirrorFoundation", ["AppleMirrorSystem"]),
                module("UIKit", ["AppleMirrorSystem"]),
                module("AppKit", ["AppleMirrorSystem"]),
                module("DeclaredAgeRange", ["AppleMirrorSystem", "UIKit"]),
                module("PermissionKit", ["AppleMirrorSystem"], exclude: ["PermissionKit.swiftcrossimport"]),
                module("_PermissionKit_UIKit", ["AppleMirrorSystem", "PermissionKit", "UIKit"]),
                module("_PermissionKit_AppKit", ["AppleMirrorSystem", "PermissionKit", "AppKit"]),
                module("StoreKit", ["AppleMirrorSystem", "UIKit"]),
                module("AppTrackingTransparency", ["AppleMirrorSystem", "UIKit"]),
            ],
            bridgeDependencies: bridged,
            testDependencies: bridged + ["AppleMirrorSystem"],
            settings: defines + [
                // What Xcode does for a file that imports PermissionKit and UIKit.
                .unsafeFlags([
                    "-Xfrontend", "-enable-cross-import-overlays", "-Xfrontend", "-swift-module-cross-import",
                    "-Xfrontend", "PermissionKit", "-Xfrontend", crossImports + "/UIKit.swiftoverlay",
                ])
            ],
            testSettings: defines + [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])])
    }()
#else
    let appleMirror = AppleMirror()
#endif

/// The app side: platform-neutral Swift with no C library and no networking, the Apple bridges,
/// the simulator and the scenario runners. The server side (`agekit`, on Debian's C libraries)
/// is the package in `Server/`, which depends on this one; an app that adds AgeKit resolves
/// and builds none of it.
let package = Package(
    name: "AgeKit",
    // The floors most apps still support: the age-assurance API starts at 26.0, and below it
    // the bridges take the no-API path. The one lock is `AgeSignals.Locked` (`NSLock`), as
    // `Synchronization.Mutex` starts at iOS 18 and macOS 15.
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "AgeKit", targets: ["AgeKit"]),
        .library(name: "AgeKitSimulator", targets: ["AgeKitSimulator"]),
        .library(name: "AgeKitApple", targets: ["AgeKitApple"]),
        // The scenario runners and the explorer, for an app's own tests (docs/explorer.md).
        .library(name: "AgeKitScenarios", targets: ["AgeKitScenarios"]),
        // The error shape both halves share (the server's modules use it too).
        .library(name: "CodedErrors", targets: ["CodedErrors"]),
        // Nothing else: the example's kit is a target only, so Xcode offers an app only what
        // it adds.
    ],
    targets: [
        // App side: platform-neutral, no C library.
        // The one leaf: the stable-code error shape of every module, app side and server side.
        .target(name: "CodedErrors"),
        .target(name: "AgeSignals", dependencies: ["CodedErrors"]),
        .target(name: "AgeGating", dependencies: ["AgeSignals"]),
        .target(name: "PrivacyLaunch", dependencies: ["AgeSignals", "AgeGating"]),
        .target(name: "SignificantChanges", dependencies: ["AgeSignals", "AgeGating"]),
        .target(
            name: "AgeKitSimulator",
            dependencies: ["AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges"],
            resources: [.copy("Resources")]),
        // What `agekit age`, `launch`, `changes` and `explore` run, as a library an app's tests link.
        .target(
            name: "AgeKitScenarios",
            dependencies: ["AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges", "AgeKitSimulator"]),
        .target(
            name: "AgeKit",
            dependencies: [
                "AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges",
                .target(name: "AgeKitApple", condition: .when(platforms: applePlatforms)),
            ]),

        // Apple bridges: the second implementation of the app side's service protocols. On
        // Apple platforms they call the real frameworks; on Linux they compile and run against
        // the mirror below (Sources/AppleMirror), which the manifest declares on Linux only.
        .target(
            name: "AgeKitApple",
            dependencies: ["AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges"]
                + appleMirror.bridgeDependencies,
            // The privacy manifest of the bridges' bundle: UserDefaults (CA92.1), nothing collected,
            // no tracking (docs/apple.md, "Privacy manifest"; scripts/privacy-manifest-check).
            resources: [.copy("PrivacyInfo.xcprivacy")],
            // Each file sees only the members its own imports bring, as with an overlay that a
            // file loads by importing both of its parents.
            swiftSettings: appleMirror.settings + [.enableUpcomingFeature("MemberImportVisibility")]),

        // The example app's logic (its SwiftUI views are in Examples/VinylCrate/App, Apple only;
        // the example's Xcode project compiles both folders into the app).
        .target(
            name: "VinylCrateKit", dependencies: ["AgeKit", "AgeKitApple"],
            path: "Examples/VinylCrate/VinylCrateKit", swiftSettings: appleMirror.settings),

    ] + appleMirror.targets + [

        // Tests: one target per module.
        .testTarget(name: "CodedErrorsTests", dependencies: ["CodedErrors"]),
        .testTarget(name: "AgeSignalsTests", dependencies: ["AgeSignals"]),
        .testTarget(name: "AgeGatingTests", dependencies: ["AgeGating", "AgeKitSimulator"]),
        .testTarget(name: "AgeKitTests", dependencies: ["AgeKit", "AgeKitSimulator"]),
        .testTarget(name: "PrivacyLaunchTests", dependencies: ["PrivacyLaunch", "AgeKitSimulator"]),
        .testTarget(
            name: "SignificantChangesTests", dependencies: ["SignificantChanges", "AgeKitSimulator"]),
        .testTarget(name: "AgeKitSimulatorTests", dependencies: ["AgeKitSimulator"]),
        // The explorer's tests, and AppScenarioTests, which uses only the library's public API
        // (a plain `import`), as an app's own test target does.
        .testTarget(
            name: "AgeKitScenariosTests",
            dependencies: ["AgeKitScenarios", "AgeKitSimulator", "AgeSignals", "SignificantChanges"]),
        .testTarget(
            name: "AgeKitAppleTests",
            dependencies: ["AgeKitApple", "AgeKitSimulator"] + appleMirror.testDependencies,
            swiftSettings: appleMirror.testSettings),
        .testTarget(
            name: "VinylCrateKitTests",
            dependencies: ["VinylCrateKit", "AgeKitApple", "AgeKitSimulator"] + appleMirror.testDependencies,
            path: "Examples/VinylCrate/Tests/VinylCrateKitTests", swiftSettings: appleMirror.testSettings),
    ],
    swiftLanguageModes: [.v6]
)

// The app side runs its async functions on the caller's actor (`nonisolated(nonsending)`,
// Swift's coming default): a gate on the main actor calls its services, and the simulator
// answers, without a thread hop per call. (The server side keeps the concurrent default, so
// that storage work never runs on its callers' actors.)
let appSide: Set<String> = [
    "CodedErrors", "AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges", "AgeKitSimulator",
    "AgeKitScenarios", "AgeKit", "AgeKitApple", "VinylCrateKit",
]
for target in package.targets
where appSide.contains(target.name) || appSide.contains(target.name.replacing("Tests", with: "")) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}
