import Foundation

/// The dates an export may hold: ISO 8601 with a time and an offset or `Z`, a date and time
/// without one (UTC), or a date alone (its start, UTC). Anything else is refused, never guessed.
enum ImportDate {
    static func milliseconds(_ text: String) -> Int64? {
        let formats = [
            "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
            "yyyy-MM-dd HH:mm:ss.SSSXXXXX", "yyyy-MM-dd HH:mm:ssXXXXX", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm",
            "yyyy-MM-dd",
        ]
        let trimmed = text.hasSuffix(" UTC") ? String(text.dropLast(4)) : text
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            formatter.isLenient = false
            if let date = formatter.date(from: trimmed) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        }
        return nil
    }
}
