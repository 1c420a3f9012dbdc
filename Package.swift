// swift-tools-version:6.0
import PackageDescription

/// Two halves that share only vocabulary: the app side (no C library, no networking) and
/// the server side (`agekit`), built on Debian's C libraries through system-library targets.
let package = Package(
    name: "AgeKit",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "AgeKit", targets: ["AgeKit"]),
        .library(name: "AgeKitSimulator", targets: ["AgeKitSimulator"]),
        .library(name: "AppStoreSignedData", targets: ["AppStoreSignedData"]),
        .executable(name: "agekit", targets: ["agekit"]),
    ],
    targets: [
        // C libraries from Debian.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
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
        .target(
            name: "AgeKit",
            dependencies: ["AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges"]),

        // Server side.
        .target(name: "AppStoreSignedData", dependencies: ["CCrypto"]),
        .target(name: "ConsentLedger", dependencies: ["AppStoreSignedData", "CSQLite", "CPostgres"]),
        .target(name: "AppStoreServerAPI", dependencies: ["AppStoreSignedData", "CCrypto"]),
        .target(
            name: "ConsentServer",
            dependencies: ["AppStoreSignedData", "ConsentLedger", "CMicroHTTPD", "CCrypto", "AppStoreServerAPI"]),
        .target(
            name: "AgeKitCLI",
            dependencies: [
                "AgeSignals", "AgeGating", "PrivacyLaunch", "SignificantChanges", "AgeKitSimulator",
                "AppStoreSignedData", "ConsentLedger", "ConsentServer", "AppStoreServerAPI",
            ]),
        .executableTarget(name: "agekit", dependencies: ["AgeKitCLI"]),

        // Tests: one target per module, plus end-to-end tests that run the built binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AgeSignalsTests", dependencies: ["AgeSignals"]),
        .testTarget(name: "AgeGatingTests", dependencies: ["AgeGating", "AgeKitSimulator", "TestSupport"]),
        .testTarget(name: "PrivacyLaunchTests", dependencies: ["PrivacyLaunch", "AgeKitSimulator"]),
        .testTarget(
            name: "SignificantChangesTests", dependencies: ["SignificantChanges", "AgeKitSimulator", "TestSupport"]),
        .testTarget(name: "AgeKitSimulatorTests", dependencies: ["AgeKitSimulator"]),
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
            name: "AgeKitCLITests",
            dependencies: ["AgeKitCLI", "AgeKitSimulator", "AgeSignals", "SignificantChanges", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["AppStoreSignedData", "ConsentServer", "agekit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
