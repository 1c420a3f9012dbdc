import Foundation

/// Mirrors https://developer.apple.com/documentation/storekit/appstore
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum AppStore {
    /// Mirrors https://developer.apple.com/documentation/storekit/appstore/ageratingcode
    @available(iOS 26.2, macOS 26.2, tvOS 26.2, watchOS 26.2, visionOS 26.2, *)
    @available(macCatalyst, unavailable)
    public static var ageRatingCode: Int? {
        get async {
            let system = MirrorSystem.current
            system.record(.ageRatingCode, introducedIn: (26, 2))
            if system.ageRatingCodeHangs { return await MirrorSystem.hang() }
            return system.ageRatingCode
        }
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/apptransaction
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct AppTransaction: Sendable {
    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/originalappversion
    public let originalAppVersion: String
    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/apptransactionid
    public let appTransactionID: String

    let jws: String

    /// Apple publishes no initializer; tests script the app transaction with this one.
    package init(originalAppVersion: String, appTransactionID: String, jwsRepresentation: String) {
        self.originalAppVersion = originalAppVersion
        self.appTransactionID = appTransactionID
        self.jws = jwsRepresentation
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/shared
    public static var shared: VerificationResult<AppTransaction> {
        get async throws {
            let system = MirrorSystem.current
            system.record(.appTransaction, introducedIn: (16, 0))
            return try await system.perform(system.appTransaction)
        }
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/verificationresult
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    case verified(SignedType)

    /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror
    public enum VerificationError: Error {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/jwsrepresentation-21vgo
    public var jwsRepresentation: String {
        switch self {
        case .verified(let value), .unverified(let value, _):
            return (value as? AppTransaction)?.jws ?? ""
        }
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
