// Apple's `AgeRangeService` shares its name with the core's protocol, so the bridges name it
// through one module-qualified alias: the framework on Apple platforms, the mirror on Linux.
#if canImport(DeclaredAgeRange) && !os(visionOS) && !os(tvOS) && !os(watchOS)
    @preconcurrency import DeclaredAgeRange
    typealias SystemAgeRange = DeclaredAgeRange.AgeRangeService
#elseif AGEKIT_APPLE_MIRROR
    @preconcurrency import AgeKitAppleMirror
    typealias SystemAgeRange = AgeKitAppleMirror.AgeRangeService
#endif
