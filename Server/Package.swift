// swift-tools-version:6.0
import PackageDescription

// `package` declarations of the app side (the scenario runners' options and outcomes that the
// CLI's scenario commands use) are not public API, so the two packages share one package name:
// the one SwiftPM gives the app side, its folder's name, lowercased and made an identifier.
// Each target below passes it and leaves out SwiftPM's own (`packageAccess: false`).
let appSidePackageName: String = {
    let folder = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "agekit"
    let name = String(folder.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    return name.first?.isNumber == true ? "_" + name : name
}()
let sharedPackageName: [SwiftSetting] = [.unsafeFlags(["-package-name", appSidePackageName])]

func library(_ name: String, _ dependencies: [Target.Dependency], path: String? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: path, packageAccess: false, swiftSettings: sharedPackageName)
}

func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, packageAccess: false, swiftSettings: sharedPackageName)
}

/// The server side: `agekit` and its libraries, on Debian's C libraries through system-library
/// targets. A package of its own, so that an app that adds AgeKit (the package one folder up)
/// resolves none of this; it uses the app side only for `agekit age`, `launch`, `changes`,
/// `explore` and `simulate`.
let codedErrors: Target.Dependency = .product(name: "CodedErrors", package: "AgeKit")

let package = Package(
    name: "AgeKitServer",
    // Built for Linux; the floor is where `Synchronization.Mutex` and `Atomic` start.
    platforms: [.macOS(.v15)],
    // None: `agekit` is an executable target (`swift run --package-path Server agekit`), and
    // the libraries are the executable's rooms, not an API.
    products: [],
    dependencies: [.package(name: "AgeKit", path: "..")],
    targets: [
        // C libraries from Debian.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libssl: the server side's one HTTP client, for https (ConsentServer/HTTPClient).
        .systemLibrary(name: "CTLS", pkgConfig: "libssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // The server's one clock (`ServerClock`), a leaf under every module that needs time.
        library("ServerTime", []),
        // Every module's one error has the app side's shape (the leaf module `CodedErrors`).
        library("AppStoreSignedData", ["CCrypto", "ServerTime", codedErrors]),
        library("ConsentLedger", ["CSQLite", "CPostgres", "ServerTime", codedErrors]),
        library("AppStoreServerAPI", ["AppStoreSignedData", "ServerTime", codedErrors]),
        library(
            "ConsentServer",
            [
                "AppStoreSignedData", "ConsentLedger", "CMicroHTTPD", "CTLS", "AppStoreServerAPI", "ServerTime",
                codedErrors,
            ]),
        library(
            "AgeKitCLI",
            [
                // The scenario runners bring the app side's modules with them.
                .product(name: "AgeKitScenarios", package: "AgeKit"),
                .product(name: "AgeKitSimulator", package: "AgeKit"),
                "AppStoreSignedData", "ConsentLedger", "ConsentServer", "AppStoreServerAPI", "ServerTime",
            ]),
        .executableTarget(
            name: "agekit", dependencies: ["AgeKitCLI"], packageAccess: false, swiftSettings: sharedPackageName),

        // Tests: one target per module, plus end-to-end tests that run the built binary.
        library("TestSupport", ["ServerTime"], path: "Tests/TestSupport"),
        tests("AppStoreSignedDataTests", ["AppStoreSignedData", "CCrypto", "TestSupport"]),
        tests("ConsentLedgerTests", ["ConsentLedger", "AppStoreSignedData", "TestSupport"]),
        tests("ConsentServerTests", ["ConsentServer", "ConsentLedger", "AppStoreSignedData", "TestSupport"]),
        tests(
            "AppStoreServerAPITests",
            [
                "AppStoreServerAPI", "AppStoreSignedData", "ConsentServer", "ConsentLedger", "ServerTime", "agekit",
                "TestSupport",
            ]),
        tests(
            "AgeKitCLITests",
            [
                "AgeKitCLI", .product(name: "AgeKitScenarios", package: "AgeKit"),
                .product(name: "AgeKitSimulator", package: "AgeKit"), "TestSupport",
            ]),
        tests("EndToEndTests", ["AppStoreSignedData", "ConsentServer", "AgeKitCLI", "agekit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets for libFuzzer, only when AGEKIT_FUZZ is set: scripts/fuzz builds them with
// `-sanitize=fuzzer,address` into a build directory of their own, so that normal builds and
// the executable never contain them.
if Context.environment["AGEKIT_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "AgeKitFuzz",
            dependencies: ["AppStoreSignedData", "ConsentLedger", "ConsentServer"],
            path: "Tests/Fuzz/AgeKitFuzz", packageAccess: false,
            swiftSettings: sharedPackageName + [.unsafeFlags(["-parse-as-library"])]))
}
