import Foundation

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
@available(visionOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension AgeRangeService {
    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/response
    public enum Response {
        case sharing(range: AgeRangeService.AgeRange)
        case declinedSharing
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerange
    public struct AgeRange {
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerange/lowerbound
        public var lowerBound: Int?
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerange/upperbound
        public var upperBound: Int?
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerange/agerangedeclaration
        public var ageRangeDeclaration: AgeRangeService.AgeRangeDeclaration?
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerange/activeparentalcontrols
        public var activeParentalControls: AgeRangeService.ParentalControls

        /// Apple publishes no initializer; tests build ranges with this one.
        package init(
            lowerBound: Int?, upperBound: Int?, ageRangeDeclaration: AgeRangeService.AgeRangeDeclaration?,
            activeParentalControls: AgeRangeService.ParentalControls = []
        ) {
            self.lowerBound = lowerBound
            self.upperBound = upperBound
            self.ageRangeDeclaration = ageRangeDeclaration
            self.activeParentalControls = activeParentalControls
        }
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerangedeclaration
    public enum AgeRangeDeclaration: Equatable, Hashable {
        case selfDeclared
        case guardianDeclared
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case checkedByOtherMethod
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case guardianCheckedByOtherMethod
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case governmentIDChecked
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerangedeclaration/guardiangovernmentidchecked
        ///
        /// Assumed: no page of this case could be found (Apple's enum may not have it); it is
        /// kept, with its 26.2 siblings' availability, so that the bridges' mapping by case name
        /// is exercised with it.
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case guardianGovernmentIDChecked
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/agerangedeclaration/paymentchecked
        ///
        /// Assumed: no page of this case could be found (Apple's enum may not have it); it is
        /// kept, with its 26.2 siblings' availability, so that the bridges' mapping by case name
        /// is exercised with it.
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case paymentChecked
        @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
        case guardianPaymentChecked
        @available(iOS 26.5, macCatalyst 26.5, macOS 26.5, *)
        case confirmed
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/parentalcontrols
    public struct ParentalControls: OptionSet {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/parentalcontrols/communicationlimits
        public static let communicationLimits = ParentalControls(rawValue: 1 << 0)
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/parentalcontrols/significantappchangeapprovalrequired
        @available(iOS, introduced: 26.2, deprecated: 26.4)
        @available(macCatalyst, introduced: 26.2, deprecated: 26.4)
        @available(macOS, introduced: 26.2, deprecated: 26.4)
        public static let significantAppChangeApprovalRequired = ParentalControls(rawValue: 1 << 1)
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/regulatoryfeature
    @available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *)
    public enum RegulatoryFeature: Hashable {
        case declaredAgeRangeRequired
        case significantAppChangeRequiresAdultNotification
        case significantAppChangeRequiresParentalConsent
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/error
    public enum Error: Swift.Error, Hashable {
        case notAvailable
        case invalidRequest
        @available(iOS 27.0, macCatalyst 27.0, macOS 27.0, *)
        case declinedOnboarding
        @available(iOS 27.0, macCatalyst 27.0, macOS 27.0, *)
        case invalidAccount
        @available(iOS 27.0, macCatalyst 27.0, macOS 27.0, *)
        case network
    }
}
