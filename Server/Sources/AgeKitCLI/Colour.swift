import Foundation

/// Colour for failures and warnings only, and only where a person reads them: on a stream that
/// is a terminal, unless `NO_COLOR` is set to anything (https://no-color.org). Output piped to
/// a file or a script stays plain text.
package enum Colour: String, Sendable {
    case failure = "31"
    case warning = "33"

    /// Whether standard output and standard error each get colour.
    static func enabled(environment: [String: String]) -> (out: Bool, err: Bool) {
        guard environment["NO_COLOR"] == nil else { return (false, false) }
        return (isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1)
    }

    /// `text` wrapped in this colour's escape codes when `enabled`.
    func paint(_ text: String, when enabled: Bool) -> String {
        enabled ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A verdict line (`FAIL  store  ...`, `warn  tls  ...`) with its mark coloured.
    static func verdict(_ line: String, when enabled: Bool) -> String {
        for (mark, colour) in [("FAIL", Colour.failure), ("warn", .warning)] where line.hasPrefix(mark) {
            return colour.paint(mark, when: enabled) + line.dropFirst(mark.count)
        }
        return line
    }
}
