// The umbrella: one import for an app, with the Apple bridges on Apple platforms (on Linux
// the bridges are built and tested against a mirror, and are not part of the umbrella).
@_exported import AgeGating
@_exported import AgeSignals
@_exported import PrivacyLaunch
@_exported import SignificantChanges

#if os(iOS) || os(macOS) || os(tvOS) || os(watchOS) || os(visionOS)
    @_exported import AgeKitApple
#endif
