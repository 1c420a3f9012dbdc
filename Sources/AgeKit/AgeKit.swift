// The umbrella: one import for an app.
@_exported import AgeGating
@_exported import AgeSignals
@_exported import PrivacyLaunch
@_exported import SignificantChanges
