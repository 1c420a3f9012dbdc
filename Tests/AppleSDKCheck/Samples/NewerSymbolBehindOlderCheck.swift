// expect-error: 'isEligibleForAgeFeatures' is only available in iOS 26.2 or newer
// A 26.2 symbol behind a 26.0 check: the check must name the symbol's own version.
@preconcurrency import DeclaredAgeRange

func eligible() async throws -> Bool {
    if #available(iOS 26.0, *) {
        return try await AgeRangeService.shared.isEligibleForAgeFeatures
    }
    return false
}
