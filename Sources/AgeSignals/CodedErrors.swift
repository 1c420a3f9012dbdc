// Every app-side module's error has the shape of `CodedError`; importing AgeSignals (or
// AgeKit) brings it, so a caller can match any module's error by its code.
@_exported import CodedErrors
