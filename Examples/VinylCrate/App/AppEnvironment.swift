import AgeKit
import Foundation
import SwiftUI
import UIKit
import VinylCrateKit

/// Builds the model on the Apple bridges. The consent SDK, ads, notifications and location are
/// not AgeKit's to bridge: this sample stands them in with the small types below.
@MainActor
enum AppEnvironment {
    /// Reads the storefront first: Australia, Brazil and Singapore need a confirmed adult for
    /// 18+ features, Brazil asks at every launch.
    static func makeModel() async -> CrateModel {
        let defaults = UserDefaultsKeyValueStore()
        let services = CrateServices.system(
            launch: LaunchServices(
                ageRange: SystemAgeRangeService(anchor: topViewController), consent: NoFormConsent(),
                tracking: SystemTrackingAuthorization(), ads: NoAds(), notifications: NotAsked(), location: NotAsked(),
                store: DefaultsAnswerStore(), welcomeScreens: NoWelcomeScreens(), clock: WallClock()),
            anchor: topViewController, scene: activeScene, swiftUI: actions, gateStore: defaults,
            ledgerStore: UbiquitousKeyValueStore())
        return CrateModel(
            services: services, capabilities: currentCapabilities(), region: await StorefrontRegion.current())
    }

    /// A local `agekit serve` (LocalTesting mode): its URL and admin token from the scheme's
    /// environment, `AGEKIT_SERVER` and `AGEKIT_ADMIN_TOKEN`.
    static func localServer() -> AccountLinkTarget {
        let environment = ProcessInfo.processInfo.environment
        return AccountLinkTarget(
            server: URL(string: environment["AGEKIT_SERVER"] ?? "http://127.0.0.1:8080")!,
            bundleID: Bundle.main.bundleIdentifier ?? "com.example.vinylcrate",
            adminToken: environment["AGEKIT_ADMIN_TOKEN"] ?? "", transport: URLSessionTransport())
    }

    static func currentCapabilities() -> PlatformCapabilities {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return PlatformCapabilities(
            platform: UIDevice.current.userInterfaceIdiom == .pad ? .iPadOS : .iOS,
            os: OSVersion(version.majorVersion, version.minorVersion))
    }

    /// The root view's SwiftUI actions (`.ageKitActions(_:)`): the age sheet and the
    /// acknowledgment sheet present from the view, in its own window.
    static let actions = SwiftUIActions()

    /// The top of what the foreground scene presents: a sheet already up is presented over, not under.
    static let topViewController: AnchorProvider = PresentationAnchors.foreground

    static let activeScene: SystemAcknowledgmentPresenter.SceneProvider = { PresentationAnchors.foregroundScene() }
}

struct URLSessionTransport: RegistrationTransport {
    func send(_ registration: AppTransactionRegistration) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: registration.url)
        request.httpMethod = registration.method
        for (name, value) in registration.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = registration.body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// No consent form in this sample: ads may be requested once refreshed.
struct NoFormConsent: ConsentService {
    func refresh() async throws(ConsentServiceError) -> ConsentStatus {
        ConsentStatus(requirement: .notRequired, canRequestAds: true)
    }
    func currentStatus() async -> ConsentStatus { ConsentStatus(requirement: .notRequired, canRequestAds: true) }
    func showForm() async throws(ConsentServiceError) -> ConsentStatus { throw .formUnavailable }
}

struct NoAds: AdsService {
    func start() async {}
    func stopEvents() async {}
}

struct NotAsked: NotificationAuthorization, LocationAuthorization {
    func status() async -> PermissionStatus { .denied }
    func requestAuthorization() async -> PermissionStatus { .denied }
}

struct NoWelcomeScreens: WelcomeScreens {
    func waitUntilFinished() async {}
}

struct WallClock: LaunchClock {
    func currentTime() -> Timestamp { Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)) }
}

/// Saves only the launch sequence's answer (over or under), never an age.
struct DefaultsAnswerStore: AgeAnswerStore {
    func load() async -> AgeAnswer? {
        UserDefaults.standard.string(forKey: "vinylcrate.ageAnswer").flatMap(AgeAnswer.init(rawValue:))
    }
    func save(_ answer: AgeAnswer) async { UserDefaults.standard.set(answer.rawValue, forKey: "vinylcrate.ageAnswer") }
}
