#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    import AgeSignals

    // Apple's values to the core's. No mapping traps: a case this build does not know keeps
    // its name in the core's `unknown` case. The 26.2 declaration cases (deprecated in 26.5),
    // `confirmed` (26.5) and the 27.0 errors are matched by their case name, so the same source
    // builds with every SDK from 26.4 on, names no deprecated symbol, and still maps a case
    // added after this build to `unknown(name)` instead of crashing.

    extension AgeRangeResponse {
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
        init(system response: SystemAgeRange.Response) throws(AgeRangeProviderError) {
            switch response {
            case .sharing(let range):
                self = .sharing(AgeRange(system: range))
            case .declinedSharing:
                self = .declinedSharing
            @unknown default:
                throw .unknown("response \(String(describing: response))")
            }
        }
    }

    extension AgeRange {
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
        init(system range: SystemAgeRange.AgeRange) {
            self.init(
                lowerBound: range.lowerBound, upperBound: range.upperBound,
                declaration: range.ageRangeDeclaration.map(AgeRangeDeclaration.init(system:)),
                // `significantAppChangeApprovalRequired` is deprecated and never read.
                parentalControls: range.activeParentalControls.contains(.communicationLimits)
                    ? .communicationLimits : [])
        }
    }

    extension AgeRangeDeclaration {
        @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
        init(system declaration: SystemAgeRange.AgeRangeDeclaration) {
            switch declaration {
            case .selfDeclared: self = .selfDeclared
            case .guardianDeclared: self = .guardianDeclared
            default: self.init(systemName: String(describing: declaration))
            }
        }

        /// A declaration by its case name: the 26.2 and 26.5 cases, or `unknown(name)`.
        init(systemName: String) {
            self.init(rawValue: systemName)
        }
    }

    @available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *)
    extension RegulatoryFeature {
        init(system feature: SystemAgeRange.RegulatoryFeature) {
            switch feature {
            case .declaredAgeRangeRequired: self = .declaredAgeRangeRequired
            case .significantAppChangeRequiresAdultNotification: self = .significantAppChangeRequiresAdultNotification
            case .significantAppChangeRequiresParentalConsent: self = .significantAppChangeRequiresParentalConsent
            @unknown default: self = .unknown(String(describing: feature))
            }
        }
    }

    extension AgeRangeProviderError {
        /// Any error a DeclaredAgeRange call threw. `notAvailable` stays unavailable, from
        /// `requestAgeRange` too, although its page says it comes when the person chose not to
        /// share: it is also thrown at once with no sheet (macOS, regions outside coverage, no
        /// iCloud account), and a decline stored for a person who made none would stop the
        /// launch asking. Unavailable stores nothing, keeps the features closed as a decline
        /// does, and asks again next launch.
        init(system error: any Error) {
            if let mapped = error as? AgeRangeProviderError {
                self = mapped
            } else if #available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *), let error = error as? SystemAgeRange.Error
            {
                switch error {
                case .notAvailable: self = .notAvailable
                case .invalidRequest: self = .invalidRequest
                // 27.0: declinedOnboarding, invalidAccount, network; later ones keep their name.
                default: self.init(systemName: String(describing: error))
                }
            } else {
                self = .unknown(String(describing: error))
            }
        }

        /// An error by its case name: a known case, or `unknown(name)`.
        init(systemName: String) {
            self.init(rawValue: systemName)
        }
    }
#endif
