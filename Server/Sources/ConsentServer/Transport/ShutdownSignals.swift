/// SIGTERM and SIGINT as an ordinary blocking wait, so shutdown runs as plain code instead
/// of inside a signal handler (the platform file's self-pipe).
package enum ShutdownSignals {
    /// Installs the handlers. Call before starting servers; idempotent.
    package static func blockTermination() { Platform.installTerminationPipe() }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives; returns `SIGTERM` or `SIGINT`.
    package static func waitForTermination() -> String { Platform.waitForTerminationSignal() }
}
