/// The release this build is, for `agekit --version` and the User-Agent of what the server sends.
public enum Release {
    public static let version = "0.1.0"

    /// `agekit/0.1.0`: a backend's logs say which version forwarded an event.
    public static var userAgent: String { "agekit/\(version)" }
}
