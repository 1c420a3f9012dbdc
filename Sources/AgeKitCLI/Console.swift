import Foundation

/// Where commands write and read. The real one is the terminal; tests capture it.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void
    public let readInput: @Sendable () -> [UInt8]?
    public let environment: [String: String]

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]? = { nil }, environment: [String: String] = [:]
    ) {
        self.out = out
        self.err = err
        self.readInput = readInput
        self.environment = environment
    }

    /// Standard output, standard error, standard input and the process environment.
    public static let terminal = Console(
        out: { text in
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        },
        err: { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        },
        readInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
        environment: ProcessInfo.processInfo.environment)
}
