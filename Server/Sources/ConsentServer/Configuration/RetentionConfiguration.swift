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
    static func retention(_ reader: FieldReader) throws(ServerError) -> RetentionConfiguration {
        try reader.allowOnly(["deliveredOutboxDays", "payloadDays", "intervalMinutes"])
        var retention = RetentionConfiguration()
        func days(_ key: String, _ range: ClosedRange<Int64>) throws(ServerError) -> Int? {
            guard let value = try reader.int(key) else { return nil }
            guard range.contains(value) else {
                throw ServerError.configuration(
                    reader.field(key), "must be between \(range.lowerBound) and \(range.upperBound)")
            }
            return Int(value)
        }
        if let value = try days("deliveredOutboxDays", 0...36_500) { retention.deliveredOutboxDays = value }
        retention.payloadDays = try days("payloadDays", 0...36_500)
        if let value = try days("intervalMinutes", 0...10_080) { retention.intervalMinutes = value }
        return retention
    }
}
