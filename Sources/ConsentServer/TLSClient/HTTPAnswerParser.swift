import Foundation

/// The status and body of an HTTP/1.1 response read to the end (Content-Length, chunked,
/// or up to the close).
enum HTTPAnswerParser {
    static func parse(_ bytes: [UInt8]) throws(ServerError) -> TrustedCAPost.Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.firstRange(of: separator) else {
            throw ServerError(.postFailed, "the server closed the connection without a whole answer")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw ServerError(.postFailed, "not an HTTP answer: \(lines[0].prefix(80))")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[end.upperBound...])
        if fields["transfer-encoding"]?.lowercased() == "chunked" {
            body = dechunked(body)
        } else if let length = fields["content-length"].flatMap(Int.init), length <= body.count {
            body = Array(body.prefix(length))
        }
        return TrustedCAPost.Answer(status: status, body: body)
    }

    private static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while let lineEnd = bytes[index...].firstRange(of: [13, 10]) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { break }
            result.append(contentsOf: bytes[start..<start + size])
            index = start + size + 2
            guard index < bytes.count else { break }
        }
        return result
    }
}
