import Foundation

/// Where commands write and read. The real one is the terminal; tests capture it.
package struct Console: Sendable {
    package let out: @Sendable (String) -> Void
    package let err: @Sendable (String) -> Void
    package let readInput: @Sendable () -> [UInt8]?
    package let environment: [String: String]
    /// Whether standard output and standard error may carry colour (see ``Colour``).
    package let colour: (out: Bool, err: Bool)

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]? = { nil }, environment: [String: String] = [:],
        colour: (out: Bool, err: Bool) = (false, false)
    ) {
        self.out = out
        self.err = err
        self.readInput = readInput
        self.environment = environment
        self.colour = colour
    }

    /// Standard output, standard error, standard input and the process environment.
    package static let terminal = Console(
        out: { text in
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        },
        err: { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        },
        readInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
        environment: ProcessInfo.processInfo.environment,
        colour: Colour.enabled(environment: ProcessInfo.processInfo.environment))

    /// A line on standard error that reports a failure, red on a terminal.
    package func fail(_ text: String) { err(Colour.failure.paint(text, when: colour.err)) }
}
