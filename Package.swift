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

/// Two halves that share only vocabulary: the app side (no C library, no networking) and
/// the server side (`agekit`), built on Debian's C libraries through system-library targets.
let package = Package(
    name: "AgeKit",
    // The app side's floors, which most apps still support: the age-assurance API starts at
    // 26.0, and below it the bridges take the no-API path. Its one lock is `AgeSignals.Locked`
    // (`NSLock`), as `Synchronization.Mutex` starts at iOS 18 and macOS 15. These floors apply
    // to every target, but the server side (`AppStoreSignedData`, `agekit` and the rest)
    // is built for Linux only, where they mean nothing, so it keeps `Mutex` and `Atomic`.
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "AgeKit", targets: ["AgeKit"]),
        .library(name: "AgeKitSimulator", targets: ["AgeKitSimulator"]),
        .library(name: "AgeKitApple", targets: ["AgeKitApple"]),
        // The scenario runners and the explorer, for an app's own tests (docs/explorer.md).
        .library(name: "AgeKitScenarios", targets: ["AgeKitScenarios"]),
        // Nothing else: the example's kit, the server side's libraries and the `agekit`
        // executable are targets only (SwiftPM still builds and runs a root package's
        // executable targets: `swift run agekit`), so Xcode offers an app only what it adds.
    ],
    targets: [
        // C libraries from Debian.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libssl: the server side's one HTTP client, for https (ConsentServer/HTTPClient).
        .systemLibrary(name: "CTLS", pkgConfig: "libssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // App side: platform-neutral, no C library.
        .target(name: "AgeSignals"),
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

        // Server side.
        .target(name: "AppStoreSignedData", dependencies: ["CCrypto"]),
        .target(name: "ConsentLedger", dependencies: ["CSQLite", "CPostgres"]),
        .target(name: "AppStoreServerAPI", dependencies: ["AppStoreSignedData"]),
        .target(
            name: "ConsentServer",
            dependencies: [
                "AppStoreSignedData", "ConsentLedger", "CMicroHTTPD", "CTLS", "AppStoreServerAPI",
            ]),
        .target(
            name: "AgeKitCLI",
            dependencies: [
                "AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges", "AgeKitSimulator", "AgeKitScenarios",
                "AppStoreSignedData", "ConsentLedger", "ConsentServer", "AppStoreServerAPI",
            ]),
        .executableTarget(name: "agekit", dependencies: ["AgeKitCLI"]),
    ] + appleMirror.targets + [

        // Tests: one target per module, plus end-to-end tests that run the built binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AgeSignalsTests", dependencies: ["AgeSignals"]),
        .testTarget(name: "AgeGatingTests", dependencies: ["AgeGating", "AgeKitSimulator", "TestSupport"]),
        .testTarget(name: "AgeKitTests", dependencies: ["AgeKit", "AgeKitSimulator"]),
        .testTarget(name: "PrivacyLaunchTests", dependencies: ["PrivacyLaunch", "AgeKitSimulator"]),
        .testTarget(
            name: "SignificantChangesTests", dependencies: ["SignificantChanges", "AgeKitSimulator", "TestSupport"]),
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
        .testTarget(name: "AppStoreSignedDataTests", dependencies: ["AppStoreSignedData", "CCrypto", "TestSupport"]),
        .testTarget(name: "ConsentLedgerTests", dependencies: ["ConsentLedger", "AppStoreSignedData", "TestSupport"]),
        .testTarget(
            name: "ConsentServerTests",
            dependencies: ["ConsentServer", "ConsentLedger", "AppStoreSignedData", "TestSupport"]),
        .testTarget(
            name: "AppStoreServerAPITests",
            dependencies: [
                "AppStoreServerAPI", "AppStoreSignedData", "ConsentServer", "ConsentLedger", "agekit", "TestSupport",
            ]),
        .testTarget(
            name: "VinylCrateKitTests",
            dependencies: ["VinylCrateKit", "AgeKitApple", "AgeKitSimulator"] + appleMirror.testDependencies,
            path: "Examples/VinylCrate/Tests/VinylCrateKitTests", swiftSettings: appleMirror.testSettings),
        .testTarget(
            name: "AgeKitCLITests",
            dependencies: [
                "AgeKitCLI", "AgeKitScenarios", "AgeKitSimulator", "AgeSignals", "SignificantChanges", "TestSupport",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["AppStoreSignedData", "ConsentServer", "AgeKitCLI", "agekit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets for libFuzzer, only when AGEKIT_FUZZ is set: scripts/fuzz builds them with
// `-sanitize=fuzzer,address` into a build directory of their own, so that normal builds and
// the products never contain them.
if Context.environment["AGEKIT_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "AgeKitFuzz",
            dependencies: ["AppStoreSignedData", "ConsentLedger", "ConsentServer"],
            path: "Tests/Fuzz/AgeKitFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}

// The app side runs its async functions on the caller's actor (`nonisolated(nonsending)`,
// Swift's coming default): a gate on the main actor calls its services, and the simulator
// answers, without a thread hop per call. The server side keeps the concurrent default, so
// that storage work never runs on its callers' actors.
let appSide: Set<String> = [
    "AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges", "AgeKitSimulator", "AgeKitScenarios", "AgeKit",
    "AgeKitApple", "VinylCrateKit",
]
for target in package.targets
where appSide.contains(target.name) || appSide.contains(target.name.replacing("Tests", with: "")) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}
