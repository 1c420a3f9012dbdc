import AppleMirrorSystem
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
            if system.storeKit.ageRatingCodeHangs { return await MirrorSystem.hang() }
            return system.storeKit.ageRatingCode
        }
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/storefront
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Storefront {
    /// Mirrors https://developer.apple.com/documentation/storekit/storefront/countrycode
    public let countryCode: String

    /// Mirrors https://developer.apple.com/documentation/storekit/storefront/current
    public static var current: Storefront? {
        get async {
            let system = MirrorSystem.current
            system.record(.storefront, introducedIn: (15, 0))
            if system.storeKit.storefrontHangs { return await MirrorSystem.hang() }
            return system.storeKit.storefrontCountryCode.map { Storefront(countryCode: $0) }
        }
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/apptransaction
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct AppTransaction: Sendable {
    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/originalappversion
    public let originalAppVersion: String
    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/apptransactionid
    @backDeployed(before: iOS 18.4, macOS 15.4, tvOS 18.4, watchOS 11.4, visionOS 2.4)
    public var appTransactionID: String { storedAppTransactionID }

    @usableFromInline let storedAppTransactionID: String
    let jws: String

    /// Apple publishes no initializer; tests script the app transaction with this one.
    package init(originalAppVersion: String, appTransactionID: String, jwsRepresentation: String) {
        self.originalAppVersion = originalAppVersion
        self.storedAppTransactionID = appTransactionID
        self.jws = jwsRepresentation
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/apptransaction/shared
    public static var shared: VerificationResult<AppTransaction> {
        get async throws {
            let system = MirrorSystem.current
            system.record(.appTransaction, introducedIn: (16, 0))
            return try await system.perform(system.storeKit.appTransaction)
        }
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/verificationresult
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
@frozen
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    case verified(SignedType)

    /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror
    public enum VerificationError: Error {
        /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror/revokedcertificate
        case revokedCertificate
        /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror/invalidcertificatechain
        case invalidCertificateChain
        case invalidDeviceVerification
        /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror/invalidencoding
        case invalidEncoding
        case invalidSignature
        /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/verificationerror/missingrequiredproperties
        case missingRequiredProperties
    }

    var signedValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): return value
        }
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension VerificationResult where SignedType == Transaction {
    /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/jwsrepresentation-21vgo
    /// (the scripted transactions carry no signature: empty).
    public var jwsRepresentation: String { "" }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
extension VerificationResult where SignedType == AppTransaction {
    /// Mirrors https://developer.apple.com/documentation/storekit/verificationresult/jwsrepresentation-6ma59
    public var jwsRepresentation: String { signedValue.jws }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
