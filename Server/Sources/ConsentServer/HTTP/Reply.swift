import Foundation

/// A response plus what the request log and metrics need to know about it.
package struct Reply: Sendable {
    package var response: HTTPResponse
    package var errorCode: String?
    package var notificationUUID: String?
    package var notificationType: String?
    /// What the request log gets and the client does not: the detail of a storage failure
    /// names the operator's infrastructure (hosts, ports, file paths).
    package var detail: String?

    package init(
        _ response: HTTPResponse, errorCode: String? = nil, notificationUUID: String? = nil,
        notificationType: String? = nil
    ) {
        self.response = response
        self.errorCode = errorCode
        self.notificationUUID = notificationUUID
        self.notificationType = notificationType
    }

    package static func json(_ status: Int = 200, _ value: some Encodable) -> Reply {
        Reply(.json(status, value))
    }
}

extension HTTPResponse {
    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        let body = (try? jsonEncoder.encode(value)).map { [UInt8]($0) } ?? Array(#"{}"#.utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    package static func text(
        _ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8"
    )
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}
