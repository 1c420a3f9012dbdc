/// SIGTERM and SIGINT as an ordinary blocking wait, so shutdown runs as plain code instead
/// of inside a signal handler (the platform file's self-pipe).
public enum ShutdownSignals {
    /// Installs the handlers. Call before starting servers; idempotent.
    public static func blockTermination() { Platform.installTerminationPipe() }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives; returns `SIGTERM` or `SIGINT`.
    public static func waitForTermination() -> String { Platform.waitForTerminationSignal() }
}
