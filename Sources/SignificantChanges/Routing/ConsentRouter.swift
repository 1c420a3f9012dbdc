import AgeSignals

/// DOMAIN §5's routing table as one value: who the person is and what the law requires for
/// them decide the route; the platform then decides how it can be carried out.
public struct ConsentRouter: Hashable, Sendable {
    public var settings: RoutingSettings
    public var capabilities: PlatformCapabilities

    public init(settings: RoutingSettings = .standard, capabilities: PlatformCapabilities) {
        self.settings = settings
        self.capabilities = capabilities
    }

    /// The route, with the table row that chose it.
    public struct Decision: Hashable, Sendable {
        public let route: ConsentRoute
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
    public func route(subject: ConsentSubject, features: Set<RegulatoryFeature>) -> Decision {
        let parental = features.contains(.significantAppChangeRequiresParentalConsent)
        let notification = features.contains(.significantAppChangeRequiresAdultNotification)
        let (intent, reason): (Intent, String) =
            switch (subject, parental, notification) {
            case (_, false, false):
                (.clear, "no significant-change feature is required for this person")
            case (.minor, true, _):
                (.guardianQuestion, "a minor whose region requires parental consent")
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
        return Decision(route: carryOut(intent), reason: reason + platformNote(intent))
    }

    /// The route when the permission service answered `notAvailable` (the person is an adult
    /// after all): the adult path, never another question.
    public func adultPathAfterNotAvailable() -> Decision {
        Decision(
            route: carryOut(.acknowledge),
            reason: "the permission service answered notAvailable: the person is an adult" + platformNote(.acknowledge))
    }

    private func carryOut(_ intent: Intent) -> ConsentRoute {
        // tvOS and watchOS read the rating code but have no consent API at all.
        if capabilities.readsRatingCodeOnly && intent != .clear { return .otherDevice }
        switch intent {
        case .clear: return .clear
        case .blockUntilVerified: return .blockUntilVerified
        case .blockWithRetry: return .blockWithRetry
        case .guardianQuestion:
            return capabilities.hasSignificantUpdateQuestion ? .guardianQuestion : .otherDevice
        case .acknowledge:
            return .acknowledgment(capabilities.hasAcknowledgmentSheet ? .systemSheet : .inAppNotice)
        }
    }

    private func platformNote(_ intent: Intent) -> String {
        let route = carryOut(intent)
        switch (intent, route) {
        case (_, .otherDevice):
            return
                "; \(capabilities.platform.rawValue) \(capabilities.os) cannot ask here, so consent is routed to another device"
        case (.acknowledge, .acknowledgment(.inAppNotice)):
            return
                "; \(capabilities.platform.rawValue) \(capabilities.os) has no system sheet, so the app shows its own notice"
        default:
            return ""
        }
    }
}
