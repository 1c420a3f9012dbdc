import Foundation

/// The two App Store Server API environments, their hosts and how far back history reaches.
package enum APIEnvironment: String, Sendable, CaseIterable {
    case production = "Production"
    case sandbox = "Sandbox"

    package var baseURL: URL {
        switch self {
        case .production: URL(string: "https://api.storekit.itunes.apple.com")!
        case .sandbox: URL(string: "https://api.storekit-sandbox.itunes.apple.com")!
        }
    }

    /// Notification history is kept 180 days in production and 30 in the sandbox.
    package var historyDays: Int {
        switch self {
        case .production: 180
        case .sandbox: 30
        }
    }

    /// Parses a value given by a person, in any letter case.
    package static func parse(_ text: String) -> APIEnvironment? {
        allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }
}
