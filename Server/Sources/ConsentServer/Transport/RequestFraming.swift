/// The framing rules a request head must pass before its body is read: one body length,
/// stated one way. Two readings of the same bytes are how requests are smuggled past a
/// proxy, so anything ambiguous is refused at once and the connection closed.
enum RequestFraming {
    /// The refusal for an ambiguous or unsupported framing, or nil when the head is clear.
    /// `headers` holds lowercased names with repeated fields joined by ", ".
    static func refusal(_ headers: [String: String]) -> TransportRefusal? {
        let length = headers["content-length"]
        if let encoding = headers["transfer-encoding"] {
            guard encoding.lowercased() == "chunked" else {
                return refuse(
                    .unsupportedTransferEncoding, "Transfer-Encoding must be exactly 'chunked', got '\(encoding)'")
            }
            if length != nil {
                return refuse(.ambiguousLength, "a request may carry Content-Length or Transfer-Encoding, not both")
            }
        }
        if let length, !isDecimal(length) {
            return refuse(.ambiguousLength, "Content-Length must be one decimal number, got '\(length)'")
        }
        return nil
    }

    /// Digits only: a repeated header arrives joined as "5, 6" and fails here.
    private static func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 18 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func refuse(_ code: ServerErrorCode, _ reason: String) -> TransportRefusal {
        TransportRefusal(ServerError(code, reason), close: true)
    }
}
