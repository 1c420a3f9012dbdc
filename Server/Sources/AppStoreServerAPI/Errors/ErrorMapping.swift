import Foundation

/// How an HTTP answer that is not a success becomes an ``AppStoreServerAPIError``: one
/// table, Apple's numeric codes first, then the status.
enum ErrorMapping {
    /// Apple's documented `errorCode` values this client distinguishes.
    static let appleCodes: [Int64: AppStoreServerAPIError.Code] = [
        4_000_006: .invalidTransactionId,
        4_000_012: .startDateTooFarInPast,
        4_000_013: .startDateAfterEndDate,
        4_000_014: .invalidPaginationToken,
        4_000_017: .paginationTokenExpired,
        4_040_007: .notFound,  // no notification URL configured for the app in this environment
        4_040_008: .notFound,  // test notification token expired or unknown
        4_040_010: .transactionIdNotFound,
        4_040_019: .appTransactionDoesNotExist,
        4_290_000: .rateLimited,
        5_000_000: .serverError,
        5_000_001: .serverError,
    ]

    static func error(for response: APIHTTPResponse, now: Date) -> AppStoreServerAPIError {
        let payload = try? JSONDecoder().decode(ErrorPayload.self, from: response.body)
        let appleCode = payload?.errorCode
        let appleMessage = payload?.errorMessage ?? "(no error message)"
        let status = response.status
        let code: AppStoreServerAPIError.Code
        if let appleCode, let known = appleCodes[appleCode] {
            code = known
        } else {
            switch status {
            case 401: code = .unauthorized
            case 404: code = .notFound
            case 429: code = .rateLimited
            case 500...599: code = .serverError
            default: code = .badRequest
            }
        }
        let retryAfter = code == .rateLimited ? RetryAfter.seconds(response.headers["retry-after"], now: now) : nil
        let apple = appleCode.map { " (Apple errorCode \($0))" } ?? ""
        let message: String
        switch code {
        case .unauthorized:
            message = "the App Store refused the token: check the key id, issuer id, bundle id and private key\(apple)"
        case .rateLimited:
            message =
                "rate limit exceeded" + (retryAfter.map { "; retry after \(Int($0.rounded(.up))) s" } ?? "") + apple
        case .paginationTokenExpired:
            message = "the pagination token expired: start the history request again\(apple)"
        default:
            message = "HTTP \(status): \(appleMessage)\(apple)"
        }
        return AppStoreServerAPIError(
            code, message, httpStatus: status, appleErrorCode: appleCode, retryAfter: retryAfter)
    }

    /// `{"errorCode": 4000012, "errorMessage": "..."}`.
    struct ErrorPayload: Decodable {
        var errorCode: Int64?
        var errorMessage: String?
    }
}

/// `Retry-After` as seconds from now. The header may hold a delay in seconds, an HTTP date, or
/// (as the App Store sends it) a UNIX time in milliseconds; all three are read.
enum RetryAfter {
    static func seconds(_ value: String?, now: Date) -> Double? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let number = Double(text) {
            let nowSeconds = now.timeIntervalSince1970
            if number > 100_000_000_000 { return max(0, number / 1000 - nowSeconds) }  // UNIX ms
            if number > 1_000_000_000 { return max(0, number - nowSeconds) }  // UNIX s
            return max(0, number)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
