import PrivacyLaunch
import Testing

@Suite("Timestamp")
struct TimestampTests {
    @Test("calendar dates round-trip through seconds")
    func roundTrip() {
        for (year, month, day) in [(1970, 1, 1), (2000, 2, 29), (2026, 11, 30), (2100, 12, 31), (1969, 12, 31)] {
            let stamp = Timestamp(year: year, month: month, day: day, hour: 7)
            #expect(stamp.date == (year, month, day))
        }
        #expect(Timestamp(year: 1970, month: 1, day: 2).secondsSince1970 == 86_400)
        #expect(Timestamp(year: 2026, month: 11, day: 30, hour: 12).description == "2026-11-30T12:00:00Z")
    }

    @Test("adding months keeps the time and clamps the day")
    func months() {
        let january31 = Timestamp(year: 2027, month: 1, day: 31, hour: 9)
        #expect(january31.adding(months: 1) == Timestamp(year: 2027, month: 2, day: 28, hour: 9))
        #expect(january31.adding(months: 13) == Timestamp(year: 2028, month: 2, day: 29, hour: 9))
        #expect(referenceNow.adding(months: -13) == Timestamp(year: 2025, month: 10, day: 30, hour: 12))
        #expect(referenceNow.adding(months: 0) == referenceNow)
    }

    @Test("consent expires strictly after 13 months")
    func expiry() {
        let given = Timestamp(year: 2025, month: 10, day: 30, hour: 12)
        #expect(!ConsentStep.isExpired(consentDate: given, now: referenceNow))
        #expect(ConsentStep.isExpired(consentDate: given, now: referenceNow.adding(seconds: 1)))
    }
}
