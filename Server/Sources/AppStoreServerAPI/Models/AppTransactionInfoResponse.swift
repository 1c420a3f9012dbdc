/// Get App Transaction Info's answer: the customer's app transaction, signed by the App Store.
struct AppTransactionInfoResponse: Decodable {
    var signedAppTransactionInfo: String
}
