/// The CLI's one error: a usage mistake (exit 2) or a failure of the work itself (exit 1).
package enum CLIError: Error, Sendable, Equatable {
    case usage(String)
    case failure(code: String, message: String)

    package var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }

    package var message: String {
        switch self {
        case .usage(let message): "usage: \(message)"
        case .failure(let code, let message): "\(code): \(message)"
        }
    }
}
