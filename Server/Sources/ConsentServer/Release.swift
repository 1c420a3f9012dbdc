/// The release this build is, for `agekit --version` and the User-Agent of what the server sends.
/// The one place the version is written: at a release it changes here and in `CHANGELOG.md`
/// together, and `ReleaseTests` holds the changelog, the guides and `agekit --version` to it.
package enum Release {
    package static let version = "0.1.0"

    /// `agekit/` and the version: a backend's logs say which version forwarded an event.
    package static var userAgent: String { "agekit/\(version)" }
}
