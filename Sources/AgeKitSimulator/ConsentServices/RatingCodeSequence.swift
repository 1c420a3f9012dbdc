import AgeSignals
import SignificantChanges

/// `AppStore.ageRatingCode` as a sequence of readings: nil (unavailable), 0 (development
/// builds), real codes. After the last reading the last value repeats.
public final class RatingCodeSequence: RatingCodeSource {
    /// The readings in order; nil is an unavailable reading.
    public let codes: [Int?]
    private let position = Locked(0)

    /// A sequence of these readings.
    public init(_ codes: [Int?]) {
        self.codes = codes
    }

    /// Parses "0,0,4,5"; "nil" or "none" is an unavailable reading.
    public convenience init(parsing text: String) throws(SimulatorError) {
        var codes: [Int?] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.filter { !$0.isWhitespace }
            if ["nil", "none"].contains(item.lowercased()) {
                codes.append(nil)
            } else if let code = Int(item), code >= 0 {
                codes.append(code)
            } else {
                throw SimulatorError(
                    .invalidConsentInput,
                    "rating code '\(item)' in '\(text)' is not a non-negative whole number or nil")
            }
        }
        self.init(codes)
    }

    /// The next reading, as `AppStore.ageRatingCode` returns it.
    public func ageRatingCode() async -> Int? { next() }

    /// The next reading, without suspending.
    public func next() -> Int? {
        position.withLock { position in
            guard !codes.isEmpty else { return nil }
            let code = codes[min(position, codes.count - 1)]
            position += 1
            return code
        }
    }
}
