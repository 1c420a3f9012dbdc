import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A script pasted into `bash` in a directory, as a person pastes a block into a terminal.
/// Foundation starts the shell as the leader of a process group of its own, and what the
/// script leaves running in the background (`agekit serve &`) stays in that group: the whole
/// group is stopped at the end, however the script ended.
struct PastedShell {
    let directory: URL
    let environment: [String: String]

    struct Outcome {
        var status: Int32?
        var out: String
        var err: String
        var seconds: Double
        /// Whether the script ran past its time.
        var timedOut: Bool { status == nil }
    }

    /// Runs `script` from standard input; stops the group when it ends or after `seconds`.
    func run(_ script: String, seconds: Double) throws -> Outcome {
        let outFile = directory.appendingPathComponent("paste.out")
        let errFile = directory.appendingPathComponent("paste.err")
        for file in [outFile, errFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-s"]
        process.currentDirectoryURL = directory
        process.environment = environment
        // Files, not pipes: a server left in the background holds its end open.
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        let input = Pipe()
        process.standardInput = input
        let started = Date()
        try process.run()
        let group = process.processIdentifier
        defer { Self.stop(group: group) }  // also when writing the script fails
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let deadline = started.addingTimeInterval(seconds)
        while !Self.exited(process) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let finished = Self.exited(process)
        let elapsed = Date().timeIntervalSince(started)
        // Read before the group is stopped: a server's goodbye must not follow the last answer.
        let out = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        Self.stop(group: group)
        process.waitUntilExit()
        return Outcome(status: finished ? process.terminationStatus : nil, out: out, err: err, seconds: elapsed)
    }

    /// Whether the shell has ended. Not `isRunning` alone: on Linux, Foundation learns that a
    /// child ended when a descriptor the child inherited closes, and the server the script
    /// left in the background holds it too (swift-corelibs-foundation issue 4795), so /proc
    /// says it: an ended process nobody reaped yet is a zombie.
    static func exited(_ process: Process) -> Bool {
        guard process.isRunning else { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let end = stat.range(of: ")", options: .backwards)
        else { return false }
        return stat[end.upperBound...].split(separator: " ").first == "Z"
    }

    /// SIGTERM to every process of the group, SIGKILL to what is left after 5 s; returns once
    /// none runs (a server's port is then free).
    static func stop(group: pid_t) {
        func waitForNone() {
            let deadline = Date().addingTimeInterval(5)
            while running(group) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
        _ = kill(-group, SIGTERM)
        waitForNone()
        if running(group) {
            _ = kill(-group, SIGKILL)
            waitForNone()
        }
    }

    /// Whether a process of the group still runs. An exited one that nobody reaped yet still
    /// answers kill(2) (where the first process of a container reaps no orphan, for ever), so
    /// on Linux /proc says whether it is more than that.
    static func running(_ group: pid_t) -> Bool {
        guard kill(-group, 0) == 0 else { return false }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        return entries.contains { entry in
            guard Int32(entry) != nil,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.range(of: ")", options: .backwards)
            else { return false }
            // After "pid (name)": state, parent, process group.
            let fields = stat[end.upperBound...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == group
        }
    }
}
