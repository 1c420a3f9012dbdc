import Foundation

/// Reads an HTTP/1.1 answer from the bytes received so far: whether it is whole (by its
/// Content-Length, its chunks, or the connection's close when it has neither) and, once it
/// is, its status, fields and body.
enum HTTPAnswerParser {
    /// The answer's head and where its body starts, once the blank line has arrived.
    struct Head {
        var status: Int
        var headers: [String: String]
        var bodyStart: Int
    }

    enum Framing: Equatable {
        /// 1xx, 204 and 304 answers, and any answer to HEAD.
        case none
        case length(Int)
        case chunked
        /// Everything until the server closes the connection.
        case close
    }

    /// True once `bytes` hold a whole answer by its own framing; an answer framed by the
    /// close is never whole before it.
    static func isWhole(_ bytes: [UInt8], method: String) throws(ServerError) -> Bool {
        guard let head = try head(of: bytes) else { return false }
        switch framing(of: head, method: method) {
        case .none: return true
        case .length(let length): return bytes.count - head.bodyStart >= length
        case .chunked: return dechunked(bytes[head.bodyStart...]) != nil
        case .close: return false
        }
    }

    /// The answer in `bytes`, received until the server closed the connection or the answer
    /// was whole; `place` names the server in the messages.
    static func parse(_ bytes: [UInt8], method: String, place: String) throws(ServerError) -> HTTPClientResponse {
        guard let head = try head(of: bytes) else {
            throw ServerError(
                .noAnswer,
                bytes.isEmpty
                    ? "\(place) closed the connection without answering"
                    : "\(place) closed the connection before the end of its answer's head")
        }
        let body = bytes[head.bodyStart...]
        switch framing(of: head, method: method) {
        case .none:
            return HTTPClientResponse(status: head.status, headers: head.headers)
        case .length(let length):
            guard body.count >= length else {
                throw ServerError(.noAnswer, "\(place) sent \(body.count) of the \(length) bytes its answer announced")
            }
            return HTTPClientResponse(status: head.status, headers: head.headers, body: Array(body.prefix(length)))
        case .chunked:
            guard let whole = dechunked(body) else {
                throw ServerError(.noAnswer, "\(place) closed the connection inside its chunked answer")
            }
            return HTTPClientResponse(status: head.status, headers: head.headers, body: whole)
        case .close:
            return HTTPClientResponse(status: head.status, headers: head.headers, body: Array(body))
        }
    }

    /// Nil until the blank line that ends the head; throws when what came is not HTTP.
    static func head(of bytes: [UInt8]) throws(ServerError) -> Head? {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else {
            guard bytes.count < 65_536 else { throw ServerError(.noAnswer, "an answer's head longer than 64 KiB") }
            return nil
        }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw ServerError(.noAnswer, "not an HTTP/1.1 answer: \(lines[0].prefix(80))")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return Head(status: status, headers: headers, bodyStart: end.upperBound)
    }

    static func framing(of head: Head, method: String) -> Framing {
        if method == "HEAD" || (100..<200).contains(head.status) || head.status == 204 || head.status == 304 {
            return .none
        }
        if head.headers["transfer-encoding"]?.lowercased().hasSuffix("chunked") == true { return .chunked }
        if let length = head.headers["content-length"].flatMap(Int.init), length >= 0 { return .length(length) }
        return .close
    }

    /// The body of a chunked answer, or nil while its last (zero-size) chunk has not come.
    static func dechunked(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while let lineEnd = bytes[index...].firstRange(of: [13, 10]) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
            guard
                let size = Int(
                    sizeText.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16),
                size >= 0
            else { return nil }
            // The last chunk: trailers, if any, end at the blank line; none are kept.
            if size == 0 { return bytes[lineEnd.upperBound...].firstRange(of: [13, 10]) == nil ? nil : result }
            let start = lineEnd.upperBound
            guard bytes.endIndex - start >= size + 2 else { return nil }
            result.append(contentsOf: bytes[start..<start + size])
            index = start + size + 2
        }
        return nil
    }
}
