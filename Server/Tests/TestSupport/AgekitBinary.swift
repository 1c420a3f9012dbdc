import Foundation

/// The real `agekit` executable, built next to the test runner, run as a child process.
public enum AgekitBinary {
    public static var url: URL {
        // Another build, to show that a new test fails on the code before a fix.
        if let path = ProcessInfo.processInfo.environment["AGEKIT_TEST_BINARY"] { return URL(fileURLWithPath: path) }
        // The test runner lives in the build directory, beside the agekit executable.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("agekit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return Repository.server.appendingPathComponent(".build/debug/agekit")
    }

    /// Runs a command to completion and returns its exit code and outputs.
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readAllRetryingInterrupts()
        let errData = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }
}
