// expect-error: 'AgeRangeService' is only available in iOS 26.0 or newer
// The bridges' first defect: a file-scope alias of DeclaredAgeRange's 26.0 type, without an
// @available of its own, in a package whose iOS floor was 18.
@preconcurrency import DeclaredAgeRange

typealias SystemAgeRange = DeclaredAgeRange.AgeRangeService
