// The bridges name Apple's `AgeRangeService` through one module-qualified alias, so that a
// reader tells it from the core's `AgeRangeProvider` at a glance. The alias carries the type's availability: a file-scope
// alias of a 26.0 type without it does not build at the package's floor.
#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange

    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
    typealias SystemAgeRange = DeclaredAgeRange.AgeRangeService
#endif
