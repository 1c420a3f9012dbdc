/// `retention` in the configuration: what serve prunes on its schedule, as `agekit prune`
/// does by hand. Delivered outbox rows go after `deliveredOutboxDays`; signed payloads
/// only when `payloadDays` is set (a notification's row, UUID and effects always stay).
package struct RetentionConfiguration: Sendable, Equatable {
    package var deliveredOutboxDays = 7
    /// Nil: payloads are kept for ever.
    package var payloadDays: Int?
    /// 0 turns the schedule off.
    package var intervalMinutes = 60

    package init(deliveredOutboxDays: Int = 7, payloadDays: Int? = nil, intervalMinutes: Int = 60) {
        self.deliveredOutboxDays = deliveredOutboxDays
        self.payloadDays = payloadDays
        self.intervalMinutes = intervalMinutes
    }
}

extension ConfigurationLoader {
    static func retention(_ file: ConfigurationFile.Retention) throws(ServerError) -> RetentionConfiguration {
        var retention = RetentionConfiguration()
        if let days = try file.deliveredOutboxDays?.get(in: 0...36_500) { retention.deliveredOutboxDays = days }
        retention.payloadDays = try file.payloadDays?.get(in: 0...36_500)
        if let minutes = try file.intervalMinutes?.get(in: 0...10_080) { retention.intervalMinutes = minutes }
        return retention
    }
}
