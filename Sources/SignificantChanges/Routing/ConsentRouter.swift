import AgeSignals

/// DOMAIN §5's routing table as one value: who the person is and what the law requires for
/// them decide the route; the platform then decides how it can be carried out.
public struct ConsentRouter: Hashable, Sendable {
    /// The developer's choices where the system leaves the behaviour open.
    public var settings: RoutingSettings
    /// What the platform can carry out (a question, a sheet, nothing).
    public var capabilities: PlatformCapabilities

    /// A router with the standard settings unless the app chooses.
    public init(settings: RoutingSettings = .standard, capabilities: PlatformCapabilities) {
        self.settings = settings
        self.capabilities = capabilities
    }

    /// The route, with the table row that chose it.
    public struct Decision: Hashable, Sendable {
        /// Who is asked or told, and how.
        public let route: ConsentRoute
        /// The table row that chose the route, in words.
        public let reason: String
    }

    /// The intent before the platform is considered: the table itself.
    enum Intent: Hashable {
        case clear, guardianQuestion, acknowledge, blockUntilVerified, blockWithRetry
    }

    /// Apple's sample switch, exactly: the sheet only with the adult-notification feature,
    /// the guardian question only with the parental-consent feature, nothing otherwise.
    ///
    /// | person | parental consent | adult notification | route |
    /// | --- | --- | --- | --- |
    /// | anyone | no | no | clear |
    /// | minor | yes | any | guardian question |
    /// | minor | no | yes | clear (a minor never sees the adult sheet) |
    /// | confirmed adult | any | yes | acknowledgment |
    /// | confirmed adult | yes | no | clear |
    /// | unconfirmed adult | any feature | | setting `unconfirmedAdult` |
    /// | declined, unavailable | any feature | | setting `declinedOrUnavailable` |
    ///
    /// An `acknowledge` setting shows the system sheet only with adult notification, else the
    /// app's own notice.
    public func route(subject: ConsentSubject, features: Set<RegulatoryFeature>) -> Decision {
        let parental = features.contains(.significantAppChangeRequiresParentalConsent)
        let notification = features.contains(.significantAppChangeRequiresAdultNotification)
        let (intent, reason): (Intent, String) =
            switch (subject, parental, notification) {
            case (_, false, false):
                (.clear, "no significant-change feature is required for this person")
            case (.minor, true, _):
                (.guardianQuestion, "a minor, with parental consent in the required features")
            case (.minor, false, true):
                (.clear, "a minor for whom only adult notification is required: a minor never sees the adult sheet")
            case (.confirmedAdult, _, true):
                (.acknowledge, "a confirmed adult for whom adult notification is required")
            case (.confirmedAdult, _, false):
                (.clear, "a confirmed adult for whom no adult notification is required: never a guardian question")
            case (.unconfirmedAdult, _, _):
                settings.unconfirmedAdult == .acknowledge
                    ? (.acknowledge, "an adult who is not confirmed (setting: acknowledge)")
                    : (.blockUntilVerified, "an adult who is not confirmed (setting: block until verified)")
            case (.declined, _, _), (.unavailable, _, _):
                settings.declinedOrUnavailable == .blockWithRetry
                    ? (.blockWithRetry, "\(subject.rawValue) age (setting: block with retry)")
                    : (.acknowledge, "\(subject.rawValue) age (setting: acknowledge)")
            }
        return Decision(
            route: carryOut(intent, adultNotification: notification),
            reason: reason + platformNote(intent, adultNotification: notification))
    }

    /// Seed 000: the system sheet only where `requiredRegulatoryFeatures` holds adult
    /// notification; an `acknowledge` setting without it means the app's own notice.
    private func carryOut(_ intent: Intent, adultNotification: Bool) -> ConsentRoute {
        // tvOS and watchOS read the rating code but have no consent API at all.
        if capabilities.readsRatingCodeOnly && intent != .clear { return .otherDevice }
        switch intent {
        case .clear: return .clear
        case .blockUntilVerified: return .blockUntilVerified
        case .blockWithRetry: return .blockWithRetry
        case .guardianQuestion:
            if capabilities.hasSignificantUpdateQuestion { return .guardianQuestion }
            return capabilities.hasSignificantUpdateButton ? .guardianButton : .otherDevice
        case .acknowledge:
            return .acknowledgment(
                capabilities.hasAcknowledgmentSheet && adultNotification ? .systemSheet : .inAppNotice)
        }
    }

    private func platformNote(_ intent: Intent, adultNotification: Bool) -> String {
        let route = carryOut(intent, adultNotification: adultNotification)
        switch (intent, route) {
        case (_, .guardianButton):
            return
                "; \(capabilities.platform.rawValue) \(capabilities.os) cannot ask from code, so the question goes on the app's PermissionButton"
        case (_, .otherDevice):
            return
                "; \(capabilities.platform.rawValue) \(capabilities.os) cannot ask here, so consent is routed to another device"
        case (.acknowledge, .acknowledgment(.inAppNotice)) where !adultNotification:
            return "; adult notification is not required, so not the system sheet: the app shows its own notice"
        case (.acknowledge, .acknowledgment(.inAppNotice)):
            return
                "; \(capabilities.platform.rawValue) \(capabilities.os) has no system sheet, so the app shows its own notice"
        default:
            return ""
        }
    }
}
