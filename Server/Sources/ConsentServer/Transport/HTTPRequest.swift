/// One HTTP request as the handlers see it: the transport has already read the whole body
/// and applied the size limits, so a handler never deals with partial uploads.
package struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `GET` or `POST`.
    package var method: String
    /// The path without the query string, as sent (escapes kept): routes decode each segment once.
    package var path: String
    /// Arguments parsed from the URL query string and percent-decoded once; a name without `=`
    /// maps to "", and of repeated names the last one wins.
    package var query: [String: String]
    /// Header fields with lowercased names; repeated fields are joined with ", ".
    package var headers: [String: String]
    package var body: [UInt8]
    /// The connection's peer address (4 or 16 bytes), empty where there is none (in-process
    /// tests): what limits a client's failed authentications.
    package var clientAddress: [UInt8] = []

    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}
